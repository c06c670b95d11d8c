import { JOB_TYPE_KINDS, type JobTypeItem } from '@sentinel/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { tr, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { type JobTypeInput, useSaveJobType } from '../api/job-types.ts';

/** Create / edit a job type. */
export function JobTypeModal({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: JobTypeItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('scenes');
  const lang = useLang();
  const [form] = Form.useForm<JobTypeInput>();
  const save = useSaveJobType();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(item ?? { kind: 'fixed', name: '', description: '' });
  }, [open, item, form]);

  return (
    <Modal
      open={open}
      title={t(item ? 'title.editJobType' : 'title.addJobType')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          save
            .mutateAsync({ ...values, id: item?.id })
            .then(onClose, (error: unknown) => applyFieldErrors(form, error))
        }
      >
        <Form.Item
          name="name"
          label={t('field.jobTypeName')}
          rules={[{ required: true, whitespace: true, message: tr('field.required', lang) }]}
        >
          <Input maxLength={50} autoFocus data-testid="job-type-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('field.jobTypeKind')} rules={[{ required: true }]}>
          <Select options={JOB_TYPE_KINDS.map((k) => ({ value: k, label: t(`jobTypeKind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
