/** The alarm-settings feature's public face: the global push policy and sound, for the alarm panel. */
export { useAlarmSettings } from './api.ts';
