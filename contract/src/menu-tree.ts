/**
 * The menu and route tree of SPEC §2: the single source of truth for menu codes, ids, paths and
 * titles in both languages. The server seeds its `menu` table from the visible nodes; the web
 * builds its route table from every node (hidden ones included) and filters by the menu codes
 * the user's roles grant.
 */
import { ADMINISTRATION_MENU_GROUPS } from './menu-administration.ts';
import { hidden, type MenuNode, page, t } from './menu-node.ts';

export type { MenuNode, MenuType, Title } from './menu-node.ts';

export const FIXED_MENU_IDS = {
  groupHomePage: 1,
  dashboard: 229,
  temporaryJobManage: 134001,
  jobSceneManage: 134002,
  generalSceneManage: 134003,
} as const;

export const MENU_TREE: MenuNode[] = [
  page(1, 'groupHomePage', '/', t('Home', '首页'), {
    children: [
      page(229, 'dashboard', '/dashboard', t('Home', '首页'), { affix: true }),
      page(2291, 'alarmAnalysis', '/alarmAnalysis', t('Alarm analysis', '报警分析')),
      page(2292, 'safetyAnalysis', '/safetyAnalysis', t('Safety analysis', '安全分析')),
      page(2293, 'efficiencyAnalysis', '/efficiencyAnalysis', t('Efficiency analysis', '效率分析')),
      hidden('alarmRule', '/index', t('Alarm rules', '报警规则'), undefined, { query: { type: '1' } }),
    ],
  }),
  page(134003, 'generalSceneManage', '/generalSceneManage', t('General scenes', '常规场景'), {
    alwaysShow: true,
  }),
  page(134002, 'jobSceneManage', '/jobSceneManage', t('Job scenes', '作业场景'), { alwaysShow: true }),
  page(110, 'temporaryJobScene', '/temporaryJobScene', t('Temporary work', '临时作业'), {
    children: [
      page(
        134001,
        'temporaryJobManage',
        '/temporaryJobScene/temporaryJobManage',
        t('Temporary jobs', '临时作业管理'),
      ),
    ],
  }),
  page(120, 'historyRecords', '/historyRecords', t('History records', '历史记录'), {
    children: [
      page(121, 'historyEvent', '/historyRecords/historyEvent', t('History events', '历史事件')),
      page(122, 'historyTask', '/historyRecords/historyTask', t('History tasks', '历史任务')),
      hidden('taskDetails', '/historyRecords/taskDetails/:id', t('Task details', '任务详情'), 'historyTask'),
      page(123, 'historyAlarm', '/historyRecords/historyAlarm', t('History alarms', '历史报警')),
      page(124, 'dcsAlarm', '/historyRecords/dcsAlarm', t('DCS alarms', 'DCS报警')),
      page(125, 'videoPlayback', '/historyRecords/videoPlayback', t('Video playback', '视频回放')),
    ],
  }),
  page(210, 'meDetails', '/meDetails', t('My desk', '个人中心'), {
    children: [
      page(211, 'statistics', '/meDetails/statistics', t('Alarm statistics', '报警统计')),
      page(212, 'alarmApproval', '/meDetails/alarmApproval', t('Alarm approval', '报警审批')),
    ],
  }),
  page(130, 'offLineVideo', '/offLineVideo', t('Offline video', '离线视频'), {
    children: [
      page(
        131,
        'offLineVideoSet',
        '/offLineVideo/offLineVideoSet',
        t('Offline video analysis', '离线视频分析'),
      ),
    ],
  }),
  page(140, 'AIOpenPlatform', '/AIOpenPlatform', t('AI open platform', 'AI开放平台'), {
    children: [
      page(
        141,
        'AlgorithmModelBase',
        '/AIOpenPlatform/AlgorithmModelBase',
        t('Algorithm models', '算法模型库'),
      ),
      hidden(
        'createinstance1',
        '/AIOpenPlatform/AlgorithmModelBase/createinstance1/:modeId/:modeName/:imgData',
        t('Create instance (1/4)', '创建实例（1/4）'),
        'AlgorithmModelBase',
      ),
      hidden(
        'createinstance2',
        '/AIOpenPlatform/AlgorithmModelBase/createinstance2/:instanceId/:modeName/:imgData',
        t('Create instance (2/4)', '创建实例（2/4）'),
        'AlgorithmModelBase',
      ),
      hidden(
        'createinstance3',
        '/AIOpenPlatform/AlgorithmModelBase/createinstance3/:instanceId/:modeName/:imgData',
        t('Create instance (3/4)', '创建实例（3/4）'),
        'AlgorithmModelBase',
      ),
      hidden(
        'createinstance4',
        '/AIOpenPlatform/AlgorithmModelBase/createinstance4/:modeName',
        t('Create instance (4/4)', '创建实例（4/4）'),
        'AlgorithmModelBase',
      ),
      page(
        142,
        'AlgorithmInstanceLibrary',
        '/AIOpenPlatform/AlgorithmInstanceLibrary',
        t('Algorithm instances', '算法实例库'),
      ),
      hidden(
        'dataRetraining1',
        '/AIOpenPlatform/AlgorithmInstanceLibrary/dataRetraining1/:instanceId/:instanceName/:modeId',
        t('Retraining (1/3)', '数据再训练（1/3）'),
        'AlgorithmInstanceLibrary',
      ),
      hidden(
        'dataRetraining2',
        '/AIOpenPlatform/AlgorithmInstanceLibrary/dataRetraining2/:instanceId/:instanceName/:imgData',
        t('Retraining (2/3)', '数据再训练（2/3）'),
        'AlgorithmInstanceLibrary',
      ),
      hidden(
        'dataRetraining3',
        '/AIOpenPlatform/AlgorithmInstanceLibrary/dataRetraining3/:instanceName',
        t('Retraining (3/3)', '数据再训练（3/3）'),
        'AlgorithmInstanceLibrary',
      ),
      page(143, 'FalseAlarmRecord', '/AIOpenPlatform/FalseAlarmRecord', t('False alarm records', '误报记录')),
      page(144, 'trainingDataset', '/AIOpenPlatform/trainingDataset', t('Training datasets', '训练数据集')),
    ],
  }),
  page(160, 'sceneManagement', '/sceneManagement', t('Scene management', '场景管理'), {
    children: [
      page(
        161,
        'sceneSupervisionSet',
        '/sceneManagement/sceneSupervisionSet',
        t('Scene supervision', '场景监管设置'),
      ),
      page(
        164,
        'cameraManagement',
        '/sceneManagement/cameraManagement',
        t('Scene cameras', '场景摄像机管理'),
      ),
      page(166, 'controlAlgorithm', '/sceneManagement/controlAlgorithm', t('Scene control', '场景管控')),
      page(165, 'flowSet', '/sceneManagement/flowSet', t('Flowchart creation', '流程图创建')),
      page(
        167,
        'fixedOperationSet',
        '/sceneManagement/fixedOperationSet',
        t('Fixed operations', '固定作业设置'),
      ),
      hidden(
        'fixedOperationScene',
        '/sceneManagement/fixedOperationScene/:id',
        t('Fixed operation scene', '固定作业场景'),
        'fixedOperationSet',
      ),
      page(
        168,
        'sceneWorkflowType',
        '/sceneManagement/sceneWorkflowType',
        t('Scene workflow types', '场景工作流类型'),
      ),
      page(170, 'temporaryJobType', '/sceneManagement/temporaryJobType', t('Job types', '作业类型')),
      page(
        171,
        'temporaryJobSet',
        '/sceneManagement/temporaryJobSet',
        t('Temporary job settings', '临时作业设置'),
      ),
      page(
        169,
        'temporaryOperationScene',
        '/sceneManagement/temporaryOperationScene',
        t('Temporary job scenes', '临时作业场景'),
      ),
      page(
        162,
        'temporaryAlgorithm',
        '/sceneManagement/temporaryAlgorithm',
        t('Temporary job algorithms', '临时作业算法'),
      ),
      page(
        163,
        'temporaryDetail',
        '/sceneManagement/temporaryDetail',
        t('Temporary job details', '临时作业详情'),
      ),
    ],
  }),
  page(180, 'deviceManagement', '/deviceManagement', t('Device management', '设备管理'), {
    children: [
      page(182, 'cameraSet', '/deviceManagement/cameraSet', t('Cameras', '摄像机设置')),
      page(187, 'cameraType', '/deviceManagement/cameraType', t('Camera types', '摄像机类型')),
      page(186, 'cameraPlatform', '/deviceManagement/cameraPlatform', t('Camera platforms', '摄像机平台')),
      page(
        183,
        'cameraRotationSet',
        '/deviceManagement/cameraRotationSet',
        t('Camera rotation', '摄像机轮巡设置'),
      ),
      page(184, 'virtualCamera', '/deviceManagement/virtualCamera', t('Virtual cameras', '虚拟摄像机')),
      page(181, 'IotEquipment', '/deviceManagement/IotEquipment', t('IoT equipment', 'IOT设备')),
      page(188, 'sensorSettings', '/deviceManagement/sensorSettings', t('Sensor settings', '传感器设置')),
      page(189, 'dcsSettings', '/deviceManagement/dcsSettings', t('DCS settings', 'DCS设置')),
      page(
        185,
        'deviceServerSettings',
        '/deviceManagement/serverSettings',
        t('Analysis servers', '分析服务器设置'),
      ),
    ],
  }),
  page(150, 'knowledgeBase', '/knowledgeBase', t('Knowledge base', '知识库'), {
    children: [
      page(
        151,
        'craneTube',
        '/knowledgeBase/applicationSpecific/fillAlignment/craneTube',
        t('Crane tube alignment', '吊管对中'),
      ),
      page(152, 'workflowType', '/knowledgeBase/workflowType', t('Workflow types', '工作流类型')),
    ],
  }),
  ...ADMINISTRATION_MENU_GROUPS,
];

/** Routes under the main layout that are not menus: the forced password change (any user). */
export const LAYOUT_EXTRA_ROUTES: MenuNode[] = [
  hidden(
    'firstLoginChangePassword',
    '/firstLoginChangePassword',
    t('Change initial password', '首次登录修改密码'),
  ),
  // Account settings (issue 15 §6): every signed-in user, for themselves (the header's user menu).
  hidden('accountSettings', '/accountSettings', t('Account settings', '账号设置')),
  // Scene pages: one enabled scene of the scene menu groups (its cameras and latest alarms).
  hidden('generalScene', '/generalSceneManage/:id', t('General scene', '常规场景详情'), 'generalSceneManage'),
  hidden('jobScene', '/jobSceneManage/:id', t('Job scene', '作业场景详情'), 'jobSceneManage'),
  hidden(
    'temporaryJobScenePage',
    '/temporaryJobScene/temporaryJobManage/:id',
    t('Temporary job scene', '临时作业场景详情'),
    'temporaryJobManage',
  ),
];

/** Depth-first list of every node of the tree (groups, pages, hidden routes). */
export function flattenMenuTree(nodes: MenuNode[] = MENU_TREE): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flattenMenuTree(node.children ?? [])]);
}
