/**
 * Button permission codes, per route name (SPEC §6: each screen loads its button codes from
 * `role/{name}/subResource`; home uses `dashboard`). A code is `<routeName>:<action>`.
 * Later features add their routes' buttons here.
 */
export const BUTTONS: Record<string, string[]> = {
  dashboard: ['dashboard:deal', 'dashboard:cancel'],
  historyAlarm: ['historyAlarm:deal', 'historyAlarm:cancel', 'historyAlarm:export'],
  alarmApproval: ['alarmApproval:approve', 'alarmApproval:noApprove'],
  dcsAlarm: ['dcsAlarm:deal'],
  accounts: [
    'accounts:add',
    'accounts:edit',
    'accounts:lock',
    'accounts:role',
    'accounts:delete',
    'accounts:resetPassword',
    'accounts:authority',
  ],
  role: ['role:add', 'role:edit', 'role:delete', 'role:auth'],
  cameraSet: ['cameraSet:add', 'cameraSet:edit', 'cameraSet:delete', 'cameraSet:snapshot'],
  cameraType: ['cameraType:add', 'cameraType:edit', 'cameraType:delete'],
  cameraPlatform: ['cameraPlatform:add', 'cameraPlatform:edit', 'cameraPlatform:delete'],
  cameraRotationSet: ['cameraRotationSet:add', 'cameraRotationSet:edit', 'cameraRotationSet:delete'],
  virtualCamera: ['virtualCamera:add', 'virtualCamera:edit', 'virtualCamera:delete'],
  cameraManagement: ['cameraManagement:bind', 'cameraManagement:enable', 'cameraManagement:unbind'],
  controlAlgorithm: ['controlAlgorithm:add', 'controlAlgorithm:delete', 'controlAlgorithm:zone'],
  temporaryAlgorithm: ['temporaryAlgorithm:add', 'temporaryAlgorithm:delete', 'temporaryAlgorithm:zone'],
  temporaryOperationScene: [
    'temporaryOperationScene:bind',
    'temporaryOperationScene:enable',
    'temporaryOperationScene:unbind',
  ],
  flowSet: ['flowSet:add', 'flowSet:edit', 'flowSet:delete'],
  workflowType: ['workflowType:add', 'workflowType:edit', 'workflowType:delete'],
  sceneWorkflowType: ['sceneWorkflowType:add', 'sceneWorkflowType:edit', 'sceneWorkflowType:delete'],
  regionalSettings: [
    'regionalSettings:add',
    'regionalSettings:edit',
    'regionalSettings:move',
    'regionalSettings:delete',
  ],
  factorySettings: ['factorySettings:add', 'factorySettings:edit', 'factorySettings:delete'],
  collieryInfo: ['collieryInfo:edit'],
  craneTube: ['craneTube:edit'],
  sceneSupervisionSet: [
    'sceneSupervisionSet:add',
    'sceneSupervisionSet:edit',
    'sceneSupervisionSet:delete',
    'sceneSupervisionSet:enable',
  ],
  fixedOperationSet: [
    'fixedOperationSet:add',
    'fixedOperationSet:edit',
    'fixedOperationSet:delete',
    'fixedOperationSet:enable',
  ],
  temporaryJobSet: [
    'temporaryJobSet:add',
    'temporaryJobSet:edit',
    'temporaryJobSet:delete',
    'temporaryJobSet:enable',
  ],
  temporaryJobType: ['temporaryJobType:add', 'temporaryJobType:edit', 'temporaryJobType:delete'],
  IotEquipment: ['IotEquipment:add', 'IotEquipment:edit', 'IotEquipment:delete'],
  sensorSettings: ['sensorSettings:add', 'sensorSettings:edit', 'sensorSettings:delete'],
  dcsSettings: ['dcsSettings:add', 'dcsSettings:edit', 'dcsSettings:delete'],
  deviceServerSettings: [
    'deviceServerSettings:add',
    'deviceServerSettings:edit',
    'deviceServerSettings:delete',
  ],
  systemServerSettings: ['systemServerSettings:save', 'systemServerSettings:test'],
  algorithmType: ['algorithmType:add', 'algorithmType:edit', 'algorithmType:delete'],
  algorithmSetting: ['algorithmSetting:add', 'algorithmSetting:edit', 'algorithmSetting:delete'],
  offLineVideoSet: ['offLineVideoSet:add', 'offLineVideoSet:delete'],
  trainingDataset: ['trainingDataset:add', 'trainingDataset:edit', 'trainingDataset:delete'],
  bizLog: ['bizLog:export'],
  AlgorithmModelBase: [
    'AlgorithmModelBase:add',
    'AlgorithmModelBase:edit',
    'AlgorithmModelBase:delete',
    'AlgorithmModelBase:instance',
  ],
  alarmSettings: ['alarmSettings:edit'],
  alarmTemplates: ['alarmTemplates:edit'],
  dataUpload: [
    'dataUpload:add',
    'dataUpload:edit',
    'dataUpload:delete',
    'dataUpload:test',
    'dataUpload:redeliver',
  ],
  reportSending: ['reportSending:add', 'reportSending:edit', 'reportSending:delete'],
  plantDataReport: ['plantDataReport:add', 'plantDataReport:edit', 'plantDataReport:delete'],
};

/** Buttons the demo `operator` role is granted. */
export const OPERATOR_BUTTONS: string[] = [
  'dashboard:deal',
  'dashboard:cancel',
  'historyAlarm:deal',
  'historyAlarm:cancel',
  'historyAlarm:export',
  'dcsAlarm:deal',
  'offLineVideoSet:add',
  'offLineVideoSet:delete',
];

export const ADMIN_ROLE = 'admin';
export const OPERATOR_ROLE = 'operator';
