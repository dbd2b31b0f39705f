/** The integrations feature's door: the Settings screen's Integrations group (API keys, webhooks). */
export { IntegrationsSettings } from './components/integrations-settings.tsx';
