/** What other features use of the licence feature: the channel warning banner (camera list, about). */
export { LicenceBanner } from './components/licence-banner.tsx';
