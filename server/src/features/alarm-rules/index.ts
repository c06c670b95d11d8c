/**
 * The alarm-rules feature's public face (ARCHITECTURE.md, import rules): a user's rule and the
 * pure policy it sets. Alarms applies them to what it reads; the event stream gets the policy
 * through the filter this feature registers (panel-stream-filter.ts, registered by its routes plugin).
 */
export { PanelPolicy, type PanelRule } from './panel-policy.ts';
export { isAdminAccount, loadPanelRule } from './repo.ts';
export { alarmRulesRoutes } from './routes.ts';
