import { hidden, type MenuNode, page, t } from './menu-node.ts';

/**
 * The administration groups that close the menu tree (menu-tree.ts), in menu order: permissions,
 * system settings and self-check.
 */
export const ADMINISTRATION_MENU_GROUPS: MenuNode[] = [
  page(100, 'permission', '/permission', t('Permissions', '权限管理'), {
    children: [
      page(101, 'page', '/permission/page', t('Page permissions', '页面权限'), { adminOnly: true }),
      page(102, 'role', '/permission/role', t('Role settings', '角色设置')),
      page(103, 'accounts', '/permission/accounts', t('Account management', '账号管理')),
    ],
  }),
  page(190, 'systemSettings', '/systemSettings', t('System settings', '系统设置'), {
    children: [
      page(191, 'collieryInfo', '/systemSettings/collieryInfo', t('Colliery info', '单位信息')),
      page(201, 'factorySettings', '/systemSettings/factorySettings', t('Factory settings', '厂区设置')),
      page(202, 'regionalSettings', '/systemSettings/regionalSettings', t('Regional settings', '区域设置')),
      page(203, 'algorithmType', '/systemSettings/algorithmType', t('Algorithm types', '算法类型')),
      page(192, 'reportSending', '/systemSettings/reportSending', t('Report sending', '报表发送')),
      hidden(
        'viewRecord',
        '/systemSettings/reportSending/viewRecord',
        t('Sending records', '发送记录'),
        'reportSending',
      ),
      page(
        196,
        'algorithmSetting',
        '/systemSettings/algorithmSetting',
        t('Algorithm configuration', '算法配置'),
      ),
      page(197, 'scope', '/systemSettings/scope', t('Data scope', '数据范围')),
      page(198, 'dictionary', '/systemSettings/dictionary', t('Dictionary', '数据字典')),
      page(
        199,
        'systemServerSettings',
        '/systemSettings/serverSettings',
        t('Server and mail', '服务器与邮件设置'),
      ),
      page(200, 'bizLog', '/systemSettings/bizLog', t('User behaviour log', '用户行为日志')),
      page(193, 'runningEffect', '/systemSettings/runningEffect', t('Running effect', '运行效果'), {
        adminOnly: true,
      }),
      page(194, 'planTask', '/systemSettings/planTask', t('Plan tasks', '计划任务'), { adminOnly: true }),
      page(195, 'sqlQuery', '/systemSettings/sqlQuery', t('SQL query', 'SQL查询'), { adminOnly: true }),
      page(204, 'licenseSettings', '/systemSettings/licenseSettings', t('License settings', '许可证设置'), {
        adminOnly: true,
      }),
      page(
        205,
        'operationsManagement',
        '/systemSettings/operationsManagement',
        t('Operations management', '运维管理'),
        { adminOnly: true },
      ),
      page(208, 'alarmSettings', '/systemSettings/alarmSettings', t('Alarm settings', '报警设置')),
      page(
        209,
        'alarmTemplates',
        '/systemSettings/alarmTemplates',
        t('Alarm template settings', '报警模板设置'),
      ),
      page(207, 'dataUpload', '/systemSettings/dataUpload', t('Data upload configuration', '数据上传配置')),
      page(
        206,
        'plantDataReport',
        '/systemSettings/plantDataReport',
        t('Plant data report setup', '厂区数据报表设置'),
      ),
    ],
  }),
  page(220, 'selfCheck', '/selfCheck', t('Self-check', '系统自检'), {
    children: [
      page(231, 'systemStatus', '/selfCheck/systemStatus', t('System status', '系统状态')),
      page(221, 'cameraRecord', '/selfCheck/cameraRecord', t('Camera records', '摄像机记录')),
      page(222, 'cameraErrorLog', '/selfCheck/cameraErrorLog', t('Camera error log', '摄像机异常日志')),
      page(
        223,
        'cameraScreenshotLog',
        '/selfCheck/cameraScreenshotLog',
        t('Camera screenshot log', '摄像机截图日志'),
      ),
      page(224, 'alarmImg', '/selfCheck/alarmImg', t('Alarm images', '报警图片')),
      page(225, 'alarmRunLog', '/selfCheck/alarmRunLog', t('Alarm run log', '报警运行日志')),
      page(226, 'queueMonitoring', '/selfCheck/queueMonitoring', t('Queue monitoring', '队列监控')),
      page(
        227,
        'messageProtocolLog',
        '/selfCheck/messageProtocolLog',
        t('Message protocol log', '消息协议日志'),
      ),
      page(
        228,
        'messageQueuePilesUpRecords',
        '/selfCheck/messageQueuePilesUpRecords',
        t('Queue pile-up records', '消息队列堆积记录'),
      ),
      page(
        230,
        'sceneCameraAlgorithms',
        '/selfCheck/sceneCameraAlgorithms',
        t('Scene camera algorithms', '场景摄像机算法'),
      ),
      page(232, 'cameraRunReport', '/selfCheck/cameraRunReport', t('Camera run report', '摄像机运行报告')),
      page(
        233,
        'algorithmRunReport',
        '/selfCheck/algorithmRunReport',
        t('Algorithm run report', '算法运行报告'),
      ),
      page(234, 'protocolCount', '/selfCheck/protocolCount', t('Protocol count', '协议统计')),
      page(235, 'eventImg', '/selfCheck/eventImg', t('Event images', '事件图片')),
      page(236, 'onekeyExport', '/selfCheck/onekeyExport', t('One-key export', '一键导出')),
    ],
  }),
];
