/** The plan feature's door: the user's plan and usage, its meters and its upgrade dialogs. */
export { ProjectLimitDialog } from './components/project-limit-dialog.tsx';
export { LimitNote, PRICING_PATH, UpgradeDialog } from './components/upgrade-dialog.tsx';
export { UsageMeter } from './components/usage-meter.tsx';
export { usePlan } from './hooks/use-plan.ts';
export { UNLIMITED_ON_WORKSPACE_PLAN, usageState } from './usage.ts';
