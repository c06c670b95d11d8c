/** Messages of the AI open platform (issue 13): model base, instances, false-alarm review, datasets, training. */
export const AI_PLATFORM_MESSAGES = {
  'training.notFound': { en: 'This training job does not exist', 'zh-CN': '该训练任务不存在' },
  'training.instanceNotFound': { en: 'This algorithm instance does not exist', 'zh-CN': '该算法实例不存在' },
  'training.datasetNotFound': { en: 'This dataset version does not exist', 'zh-CN': '该数据集版本不存在' },
  'training.sameInstance': {
    en: 'Batch retraining only for the same instance',
    'zh-CN': '批量再训练仅限同一实例',
  },
  'training.tooFewImages': {
    en: 'At least 20 images are needed to train',
    'zh-CN': '训练至少需要20张图片',
  },
  'training.classWithoutBoxes': {
    en: 'Every trained class needs at least one labelled box',
    'zh-CN': '每个训练类别至少需要一个标注框',
  },
  'training.busy': {
    en: 'This instance already has a training job that has not ended',
    'zh-CN': '该实例已有未结束的训练任务',
  },
  'training.notAllowed': {
    en: "Not possible in the training job's current state",
    'zh-CN': '训练任务当前状态不允许此操作',
  },
  'training.notOwnJob': {
    en: 'This training job belongs to another trainer',
    'zh-CN': '该训练任务属于其他训练器',
  },
  'training.artefactSize': {
    en: 'The trained model file is too large',
    'zh-CN': '训练产出的模型文件过大',
  },
  'training.artefactRequired': { en: 'The trained model file is missing', 'zh-CN': '缺少训练产出的模型文件' },
  'training.restartLost': {
    en: 'The server running this training stopped too many times; the training could not be resumed',
    'zh-CN': '运行该训练的服务多次中断，训练无法恢复',
  },
  'training.trainerUnreachable': {
    en: 'The trainer could not be reached',
    'zh-CN': '无法连接训练器',
  },
  'training.trainerSilent': {
    en: 'The trainer stopped reporting',
    'zh-CN': '训练器已停止上报',
  },
  'training.created': { en: 'Training job created and queued', 'zh-CN': '训练任务已创建并排队' },
  'training.terminated': { en: 'Training terminated', 'zh-CN': '训练已终止' },
  'falseAlarm.alreadyReviewed': {
    en: 'This record was already reviewed; it is shown as it is now',
    'zh-CN': '该记录已被审核，已显示最新结果',
  },
  'falseAlarm.labelsRequired': {
    en: 'Draw at least one box to relabel (or accept the record as a false alarm)',
    'zh-CN': '重新标注至少需要一个框（或直接确认为误报）',
  },
  'falseAlarm.reviewed': { en: 'Review saved', 'zh-CN': '审核已保存' },
  'aiInstance.notFound': { en: 'The algorithm instance does not exist', 'zh-CN': '算法实例不存在' },
  'aiInstance.versionNotFound': { en: 'The version does not exist', 'zh-CN': '版本不存在' },
  'aiInstance.foreignVersion': {
    en: 'The version belongs to another algorithm instance',
    'zh-CN': '该版本属于其他算法实例',
  },
  'aiInstance.alreadyLive': { en: 'This version is already live', 'zh-CN': '该版本已是当前上线版本' },
  'aiInstance.gate': {
    en: "The false-positive rate of this version is not lower than the live version's (or it has no metrics): publish it with an override and a reason",
    'zh-CN': '该版本的误报率不低于当前上线版本（或没有评估指标），须填写原因并强制发布',
  },
  'aiInstance.reasonRequired': {
    en: 'Please give a reason of at least 5 characters',
    'zh-CN': '请填写不少于5个字的原因',
  },
  'aiInstance.noPrevious': {
    en: 'There is no previously live version to roll back to',
    'zh-CN': '没有可回滚的上一个上线版本',
  },
  'aiInstance.published': { en: 'Version published', 'zh-CN': '版本已发布' },
  'aiInstance.rolledBack': { en: 'Rolled back', 'zh-CN': '已回滚' },
  'dataset.duplicate': { en: 'A dataset with this name already exists', 'zh-CN': '该数据集名称已存在' },
  'dataset.notFound': { en: 'The dataset does not exist', 'zh-CN': '数据集不存在' },
  'dataset.hasVersions': {
    en: 'This dataset has frozen versions and cannot be deleted',
    'zh-CN': '该数据集已有冻结版本，不能删除',
  },
  'dataset.zipType': { en: 'Only a zip file can be imported', 'zh-CN': '只能导入zip压缩包' },
  'dataset.zipSize': { en: 'The zip file is too large', 'zh-CN': '压缩包过大' },
  'dataset.zipBomb': {
    en: 'The zip file unpacks to far more than its size (a zip bomb) and was refused',
    'zh-CN': '压缩包解压后体积异常（疑似压缩炸弹），已拒绝',
  },
  'dataset.zipEntries': { en: 'The zip file has too many entries', 'zh-CN': '压缩包内文件过多' },
  'dataset.zipUnsafePath': {
    en: 'The zip file contains an unsafe path (../, an absolute path or a link) and was refused',
    'zh-CN': '压缩包包含不安全的路径（../、绝对路径或链接），已拒绝',
  },
  'dataset.zipBroken': { en: 'The zip file is damaged', 'zh-CN': '压缩包已损坏' },
  'dataset.zipEmpty': {
    en: 'No images found (YOLO images/ + labels/ or COCO json expected)',
    'zh-CN': '未找到图片（应为YOLO的images/与labels/或COCO的json）',
  },
  'dataset.entryTooLarge': { en: 'Image too large', 'zh-CN': '图片过大' },
  'dataset.notImage': { en: 'Not a JPEG or PNG image', 'zh-CN': '不是JPEG或PNG图片' },
  'dataset.badLabel': { en: 'Unreadable label', 'zh-CN': '标注无法读取' },
  'dataset.unusedFile': {
    en: 'Not used (neither an image nor a label)',
    'zh-CN': '未使用（既非图片也非标注）',
  },
  'dataset.duplicateImage': { en: 'This image is already in the dataset', 'zh-CN': '该图片已在数据集中' },
  'dataset.versionNotFound': { en: 'The dataset version does not exist', 'zh-CN': '数据集版本不存在' },
  'dataset.frozen': {
    en: 'A frozen version never changes',
    'zh-CN': '冻结的版本不可更改',
  },
  'dataset.empty': { en: 'The dataset has no images to freeze', 'zh-CN': '数据集没有可冻结的图片' },
  'dataset.noAlgorithm': {
    en: 'Choose the algorithm instance this dataset trains first',
    'zh-CN': '请先为数据集选择要训练的算法实例',
  },
  'dataset.sameInstanceOnly': {
    en: 'Batch retraining is only possible for the same algorithm instance: these records belong to another instance',
    'zh-CN': '批量再训练仅限同一算法实例：所选记录属于其他实例',
  },
  'dataset.frozenVersion': { en: 'Version frozen', 'zh-CN': '版本已冻结' },
  'dataset.imported': { en: 'Import finished', 'zh-CN': '导入完成' },
  'aiModel.size': {
    en: 'The model package is larger than the upload limit (MODEL_MAX_MB)',
    'zh-CN': '模型包超过上传大小限制（MODEL_MAX_MB）',
  },
  'aiModel.noFile': { en: 'Please choose a model file', 'zh-CN': '请选择模型文件' },
  'aiModel.badOnnx': {
    en: 'This file is not an ONNX model (no valid ModelProto with a graph)',
    'zh-CN': '该文件不是ONNX模型（没有包含计算图的有效ModelProto）',
  },
  'aiModel.badTflite': {
    en: 'This file is not a TFLite model (no TFL3 FlatBuffer)',
    'zh-CN': '该文件不是TFLite模型（不是TFL3 FlatBuffer）',
  },
  'aiModel.badTorchscript': {
    en: 'This file is not a TorchScript model (a zip with data.pkl or constants.pkl)',
    'zh-CN': '该文件不是TorchScript模型（应为包含data.pkl或constants.pkl的zip）',
  },
  'aiModel.badOpenvino': {
    en: 'This file is not an OpenVINO package (a zip with an IR .xml whose root is <net> and its .bin)',
    'zh-CN': '该文件不是OpenVINO模型包（应为包含根元素为<net>的IR .xml及其.bin的zip）',
  },
  'aiModel.inUse': {
    en: 'This model is used by algorithm instances and cannot be deleted',
    'zh-CN': '该模型正被算法实例使用，不能删除',
  },
  'aiModel.duplicate': {
    en: 'A model with this name and version already exists',
    'zh-CN': '已存在同名同版本的模型',
  },
  'aiModel.duplicateClass': { en: 'A class is listed twice', 'zh-CN': '类别重复' },
  'aiInstance.code': {
    en: 'Use letters, digits, - and _ only',
    'zh-CN': '只能使用字母、数字、-和_',
  },
  'aiInstance.duplicateCode': {
    en: 'An algorithm with this code already exists',
    'zh-CN': '已存在相同编码的算法',
  },
  'aiInstance.threshold': {
    en: 'A confidence threshold is between 0.05 and 0.99',
    'zh-CN': '置信度阈值应在0.05到0.99之间',
  },
  'aiInstance.classUnknown': {
    en: 'Choose classes of the model only',
    'zh-CN': '只能选择该模型的类别',
  },
  'aiInstance.notDraft': {
    en: 'This instance is no longer a draft',
    'zh-CN': '该实例已不是草稿',
  },
  'aiInstance.incomplete': {
    en: 'Complete the earlier steps first',
    'zh-CN': '请先完成前面的步骤',
  },
  'aiInstance.sampleRequired': {
    en: 'Please upload a sample image',
    'zh-CN': '请上传样例图片',
  },
} as const;
