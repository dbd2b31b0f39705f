/** The integrations feature's door: the Settings screen's Integrations group (API keys). */
export { IntegrationsSettings } from './components/integrations-settings.tsx';
