import { Button, Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';

interface FilterBarProps<V> {
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  /** After the fields are reset (the list usually searches again with no filters). */
  onReset: () => void;
  /** data-testid of the form. */
  testId: string;
  /** data-testid of the search button. */
  searchTestId: string;
  children: ReactNode;
  /** A field changed by the user (not by setFieldsValue): e.g. apply a preset at once. */
  onValuesChange?: (changed: Partial<V>, all: V) => void;
}

/** An inline filter form: the fields, then the search and reset buttons. */
export function FilterBar<V>({
  form,
  onFinish,
  onReset,
  testId,
  searchTestId,
  children,
  onValuesChange,
}: FilterBarProps<V>) {
  const { t } = useTranslation();
  return (
    <Form<V>
      form={form}
      layout="inline"
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      style={{ rowGap: 8, marginBottom: 16 }}
      data-testid={testId}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid={searchTestId}>
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
