import type { SceneBody, SceneItem, SceneKind } from '@sentinel/contract';
import { Button, DatePicker, Drawer, Form, Input, Select, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { usePlantTree } from '@/shared/crud/index.ts';
import { tr, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useAllJobTypes } from '../api/job-types.ts';
import { useWorkflowOptions } from '../api/pickers.ts';
import { useCreateScene, useUpdateScene } from '../api/scene-mutations.ts';
import { areaOptions } from '../lib/kind.ts';

interface FormValues {
  name: string;
  areaId?: number;
  jobTypeId?: number;
  description?: string;
  workflowId?: number | null;
  temporaryJob?: {
    number: string;
    name: string;
    operator?: string;
    teamLeader?: string;
    guardian?: string;
    address?: string;
    timeRange?: [Dayjs | null, Dayjs | null] | null;
  };
}

const TITLES: Record<SceneKind, [string, string]> = {
  general: ['title.addGeneral', 'title.editGeneral'],
  job: ['title.addJob', 'title.editJob'],
  temporary: ['title.addTemporary', 'title.editTemporary'],
};

function initialValues(scene: SceneItem | null): Partial<FormValues> {
  if (!scene) return { workflowId: null };
  const job = scene.temporaryJob;
  return {
    name: scene.name,
    areaId: scene.areaId,
    jobTypeId: scene.jobTypeId ?? undefined,
    description: scene.description,
    workflowId: scene.fixedOperation?.workflowId ?? null,
    temporaryJob: job
      ? {
          ...job,
          timeRange: [job.startTime ? dayjs(job.startTime) : null, job.endTime ? dayjs(job.endTime) : null],
        }
      : undefined,
  };
}

/** Create / edit drawer of a scene of one kind (with the fixed operation or temporary job fields). */
export function SceneFormDrawer({
  kind,
  open,
  scene,
  onClose,
}: {
  kind: SceneKind;
  open: boolean;
  scene: SceneItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('scenes');
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const tree = usePlantTree();
  const jobTypes = useAllJobTypes();
  const workflows = useWorkflowOptions();
  const create = useCreateScene();
  const update = useUpdateScene();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues(scene));
  }, [open, scene, form]);

  const submit = async (values: FormValues) => {
    const range = values.temporaryJob?.timeRange;
    const body: SceneBody = {
      kind,
      name: values.name,
      areaId: values.areaId as number,
      description: values.description ?? '',
      jobTypeId: kind === 'general' ? null : (values.jobTypeId ?? null),
      workflowId: kind === 'job' ? (values.workflowId ?? null) : null,
      temporaryJob:
        kind === 'temporary' && values.temporaryJob
          ? {
              number: values.temporaryJob.number,
              name: values.temporaryJob.name,
              operator: values.temporaryJob.operator ?? '',
              teamLeader: values.temporaryJob.teamLeader ?? '',
              guardian: values.temporaryJob.guardian ?? '',
              address: values.temporaryJob.address ?? '',
              startTime: range?.[0]?.toISOString() ?? null,
              endTime: range?.[1]?.toISOString() ?? null,
            }
          : undefined,
    };
    try {
      if (scene) await update.mutateAsync({ ...body, id: scene.id });
      else await create.mutateAsync(body);
      onClose();
    } catch (error) {
      // The server's time-range error is on temporaryJob.startTime: show it on the range picker.
      if (error instanceof RequestError) {
        const data = error.data as { fields?: Array<{ field: string; message: string }> } | undefined;
        const fields = data?.fields?.map((f) =>
          f.field === 'temporaryJob.startTime' || f.field === 'temporaryJob.endTime'
            ? { ...f, field: 'temporaryJob.timeRange' }
            : f,
        );
        if (fields) {
          applyFieldErrors(
            form,
            new RequestError(error.message, error.kind, error.httpStatus, error.status, { fields }),
          );
        }
      }
    }
  };

  const rangeRule = {
    validator: (_: unknown, value: [Dayjs | null, Dayjs | null] | null | undefined) =>
      value?.[0] && value[1]?.isAfter(value[0])
        ? Promise.resolve()
        : Promise.reject(new Error(tr('time.rangeRequired', lang))),
  };
  const [addTitle, editTitle] = TITLES[kind];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(scene ? editTitle : addTitle)}
      size={520}
      destroyOnHidden
      data-testid="scene-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="scene-save">
            {t('action.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[{ required: true, whitespace: true, message: tr('scene.nameRequired', lang) }]}
        >
          <Input maxLength={100} autoFocus data-testid="scene-name" />
        </Form.Item>
        <Form.Item
          name="areaId"
          label={t('field.area')}
          rules={[{ required: true, message: tr('scene.areaRequired', lang) }]}
        >
          <TreeSelect
            treeData={areaOptions(tree.data)}
            placeholder={t('placeholder.area')}
            loading={tree.isPending}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            data-testid="scene-area"
          />
        </Form.Item>
        {kind === 'general' ? null : (
          <Form.Item
            name="jobTypeId"
            label={t('field.jobType')}
            rules={[{ required: true, message: tr('scene.jobTypeRequired', lang) }]}
          >
            <Select
              placeholder={t('placeholder.jobType')}
              loading={jobTypes.isPending}
              options={(jobTypes.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="scene-job-type"
            />
          </Form.Item>
        )}
        {kind === 'job' ? (
          <Form.Item name="workflowId" label={t('field.workflow')}>
            <Select
              allowClear
              placeholder={t('placeholder.workflow')}
              loading={workflows.isPending}
              notFoundContent={t('placeholder.noWorkflows')}
              options={(workflows.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              data-testid="scene-workflow"
            />
          </Form.Item>
        ) : null}
        {kind === 'temporary' ? (
          <>
            <Form.Item
              name={['temporaryJob', 'number']}
              label={t('field.jobNumber')}
              rules={[{ required: true, whitespace: true, message: tr('field.required', lang) }]}
            >
              <Input maxLength={50} data-testid="job-number" />
            </Form.Item>
            <Form.Item
              name={['temporaryJob', 'name']}
              label={t('field.jobName')}
              rules={[{ required: true, whitespace: true, message: tr('field.required', lang) }]}
            >
              <Input maxLength={100} data-testid="job-name" />
            </Form.Item>
            <Space.Compact block>
              <Form.Item name={['temporaryJob', 'operator']} label={t('field.operator')} style={{ flex: 1 }}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item
                name={['temporaryJob', 'teamLeader']}
                label={t('field.teamLeader')}
                style={{ flex: 1 }}
              >
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name={['temporaryJob', 'guardian']} label={t('field.guardian')} style={{ flex: 1 }}>
                <Input maxLength={50} />
              </Form.Item>
            </Space.Compact>
            <Form.Item name={['temporaryJob', 'address']} label={t('field.address')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name={['temporaryJob', 'timeRange']}
              label={t('field.timeRange')}
              rules={[rangeRule]}
              data-testid="job-time-range"
            >
              <DatePicker.RangePicker
                showTime
                format="YYYY-MM-DD HH:mm:ss"
                allowEmpty={[true, true]}
                placeholder={[t('placeholder.start'), t('placeholder.end')]}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
