/** Codes of the visible menus the `operator` role gets in the demo seed. */
export const OPERATOR_MENU_CODES: string[] = [
  'groupHomePage',
  'dashboard',
  'generalSceneManage',
  'jobSceneManage',
  'temporaryJobScene',
  'temporaryJobManage',
  'historyRecords',
  'historyEvent',
  'historyTask',
  'historyAlarm',
  'dcsAlarm',
  'videoPlayback',
  'meDetails',
  'statistics',
  'offLineVideo',
  'offLineVideoSet',
];
