/** What the app shell uses of the account-settings feature. */
export { applyAccountLanguage } from './language.ts';
