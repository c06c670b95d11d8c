/** What the app shell and other features use of the download center. */
export { downloadFile } from './api/download-file.ts';
export { downloadAlarmImages, useStartAlarmExport } from './api/exports.ts';
export { DownloadCenter } from './components/download-center.tsx';
