-- Dictionary (issue 15 §5): the system types the product reads, seeded with the values it used as
-- constants before (so existing records stay valid). Idempotent: nothing is inserted twice.
INSERT INTO "dict_type" ("code", "name_en", "name_zh", "system") VALUES
  ('falseAlarmReason', 'False-positive reasons', '误报原因', true),
  ('cameraTypeKind', 'Camera type kinds', '摄像机类型', true)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "dict_item" ("type_id", "value", "label_en", "label_zh", "sort")
SELECT t."id", v."value", v."label_en", v."label_zh", v."sort"
FROM "dict_type" t
JOIN (VALUES
  ('falseAlarmReason', 'wrongClass', 'Wrong class', '类别错误', 1),
  ('falseAlarmReason', 'background', 'Background object', '背景物体', 2),
  ('falseAlarmReason', 'lighting', 'Reflection / lighting', '反光 / 光照', 3),
  ('falseAlarmReason', 'occlusion', 'Occlusion', '遮挡', 4),
  ('falseAlarmReason', 'tooSmall', 'Too small', '目标过小', 5),
  ('falseAlarmReason', 'other', 'Other', '其他', 6),
  ('cameraTypeKind', 'bullet', 'Bullet', '枪机', 1),
  ('cameraTypeKind', 'dome', 'Dome', '半球', 2),
  ('cameraTypeKind', 'ptz', 'PTZ', '球机', 3),
  ('cameraTypeKind', 'fisheye', 'Fisheye', '鱼眼', 4),
  ('cameraTypeKind', 'thermal', 'Thermal', '热成像', 5),
  ('cameraTypeKind', 'box', 'Box', '筒机', 6)
) AS v("type_code", "value", "label_en", "label_zh", "sort") ON v."type_code" = t."code"
ON CONFLICT ("type_id", "value") DO NOTHING;
