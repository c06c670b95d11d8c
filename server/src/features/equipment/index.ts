/** The equipment feature's public face (ARCHITECTURE.md, import rules). */

// For report sending (issue 16): the mail server settings and the way a message goes through it.
export { type MailSettings, type MailTestOutcome, sendTestMail as sendMail } from './mail-test.ts';
export { loadMailServer } from './repo.ts';
export { equipmentRoutes } from './routes.ts';
export { seedEquipment } from './seed.ts';
