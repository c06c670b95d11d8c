/** The false-alarm review feature's public face (issue 13 §4; ARCHITECTURE.md, import rules). */
export { captureFalseAlarm, removeFrame } from './capture.ts';
export { falseAlarmReviewRoutes } from './routes.ts';
export { seedFalseAlarmRecords } from './seed.ts';
export { falsePositiveRates, listReviewedRecords, type ReviewedRecord } from './service.ts';
