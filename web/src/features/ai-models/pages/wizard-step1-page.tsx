import {
  draftStep1,
  type InstanceParams,
  MEDIA_API,
  NO_SAMPLE,
  SAMPLE_DIR,
  translate,
} from '@sentinel/contract';
import { Alert, Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type DraftZone, ZoneEditor } from '@/features/scene-cameras/index.ts';
import { zodRule } from '@/shared/crud/index.ts';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useDraft, useModel, useSaveStep } from '../api/wizard.ts';
import { SampleImageField } from '../components/sample-image-field.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { idFrom, sampleToken, wizardPath } from '../lib/wizard-paths.ts';

type Zone = InstanceParams['zones'][number];
interface Values {
  name: string;
  code: string;
  classes: string[];
}
const f = draftStep1.shape;

/**
 * createinstance1/:modeId/:modeName/:imgData(?draft=): the model, the instance's name and code,
 * the sample image (its token in the URL) with up to 5 zones drawn on it, the classes to report.
 * Next creates (or updates) the draft and goes to step 2.
 */
export default function WizardStep1Page() {
  const { t } = useTranslation('aiModels');
  const lang = useLang();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const draftId = idFrom(search.get('draft'));
  const draft = useDraft(draftId);
  const modelId = draft.data?.modelId ?? idFrom(params.modeId);
  const model = useModel(modelId);
  const save = useSaveStep();
  const [form] = Form.useForm<Values>();
  const urlToken = params.imgData && params.imgData !== NO_SAMPLE ? params.imgData : '';
  const [sample, setSample] = useState(urlToken ? `${SAMPLE_DIR}/${urlToken}` : '');
  const [zones, setZones] = useState<Zone[]>([]);
  // The zone editor starts from its `zones`: it is remounted when they are replaced (saved, loaded).
  const [editorKey, setEditorKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  // A reload of a draft: its saved values (the URL's image wins when a newer one was uploaded).
  useEffect(() => {
    if (!draft.data) return;
    form.setFieldsValue({ name: draft.data.name, code: draft.data.code, classes: draft.data.classes });
    setZones(draft.data.zones);
    setEditorKey((k) => k + 1);
    if (!urlToken) setSample(draft.data.sampleImage);
  }, [draft.data, form, urlToken]);
  useEffect(() => {
    if (!draftId && model.data)
      form.setFieldsValue({ classes: model.data.classes.filter((c) => c !== 'person') });
  }, [draftId, model.data, form]);

  const zoneItems = useMemo(
    () => zones.map((z, i) => ({ id: i + 1, name: z.name, points: z.points, sort: i })),
    [zones],
  );
  const modelName = model.data?.name ?? params.modeName ?? '';

  const onSample = (path: string) => {
    setSample(path);
    navigate(wizardPath.step1(modelId, modelName, sampleToken(path), draftId || undefined), {
      replace: true,
    });
  };

  const next = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (!sample) return setProblem(translate('aiInstance.sampleRequired', lang));
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        id: draftId || undefined,
        body: {
          step: 1,
          modelId,
          name: values.name,
          code: values.code,
          sampleImage: sample,
          zones,
          classes: values.classes,
        },
      });
      navigate(wizardPath.step2(saved.id, modelName, sampleToken(saved.sampleImage)));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  if (model.isError) return <PageError message={model.error.message} onRetry={() => model.refetch()} />;
  return (
    <WizardFrame
      step={1}
      draft={draftId ? draft : undefined}
      onNext={() => void next()}
      busy={save.isPending}
    >
      <Typography.Title level={5}>{t('wizard.model', { name: modelName })}</Typography.Title>
      <Form form={form} layout="vertical" name="aiWizard1">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('wizard.name')} required rules={[zodRule(f.name)]}>
              <Input maxLength={50} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('wizard.code')} required rules={[zodRule(f.code)]}>
              <Input maxLength={50} placeholder="INST-GATE-3" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="classes" label={t('wizard.classes')} required rules={[zodRule(f.classes)]}>
          <Checkbox.Group options={(model.data?.classes ?? []).map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Form>
      <SampleImageField onUploaded={onSample} />
      {sample ? (
        <div style={{ marginTop: 16 }}>
          <ZoneEditor
            key={editorKey}
            title={t('wizard.zones')}
            imageUrl={MEDIA_API.file(sample)}
            zones={zoneItems}
            readOnly={false}
            saving={false}
            onSave={async (drawn: DraftZone[]) => {
              setZones(drawn.map((z) => ({ name: z.name, points: z.points })));
              setEditorKey((k) => k + 1);
            }}
            onSort={async (ids: number[]) => {
              setZones(ids.map((id) => zones[id - 1]).filter((z): z is Zone => z !== undefined));
              setEditorKey((k) => k + 1);
            }}
          />
          <Typography.Text type="secondary">{t('wizard.zonesHint')}</Typography.Text>
        </div>
      ) : null}
      {problem ? (
        <Alert
          type="error"
          showIcon
          message={problem}
          style={{ marginTop: 12 }}
          data-testid="ai-wizard-error"
        />
      ) : null}
    </WizardFrame>
  );
}
