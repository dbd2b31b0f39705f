/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_PROJECT_ID?: string;
  readonly VITE_API_BASE_URL?: string;
}
