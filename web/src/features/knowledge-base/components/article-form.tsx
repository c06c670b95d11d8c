import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  KNOWLEDGE_BODY_MAX,
  KNOWLEDGE_MAX_PARAMS,
  type KnowledgeArticle,
  type KnowledgeArticleBody,
  knowledgeArticleBody,
  knowledgeParam,
} from '@sentinel/contract';
import { Button, Col, Divider, Form, Input, InputNumber, Row, Space, Typography } from 'antd';
import { FormDrawer, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';

interface Props {
  article: KnowledgeArticle | null;
  onClose: () => void;
  save: (body: KnowledgeArticleBody) => Promise<unknown>;
  saving: boolean;
}

const param = knowledgeParam.shape;
const article = knowledgeArticleBody.shape;
/** Each field's own contract rule (empty: 'field.required'), so the browser says what the server would. */
const rules = {
  title: zodRule(article.title.shape.en, { emptyAs: '' }),
  body: zodRule(article.body.shape.en, { emptyAs: '' }),
  name: zodRule(param.name.shape.en, { emptyAs: '' }),
};

/**
 * Edits an article in both languages side by side: title, procedure (plain text: a blank line
 * between paragraphs, "1." lines become steps) and the parameters.
 */
export function ArticleForm({ article, onClose, save, saving }: Props) {
  const { t } = useTranslation('knowledgeBase');
  const [form] = Form.useForm<KnowledgeArticleBody>();

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save({ ...values, params: values.params ?? [] });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  const both = (name: 'title' | 'body', rows?: number) => (
    <Row gutter={12}>
      {(['en', 'zh'] as const).map((lang) => (
        <Col xs={24} md={12} key={lang}>
          <Form.Item name={[name, lang]} label={t(`${name}.${lang}`)} rules={[rules[name]]}>
            {rows ? (
              <Input.TextArea
                rows={rows}
                maxLength={KNOWLEDGE_BODY_MAX}
                data-testid={`knowledge-${name}-${lang}`}
              />
            ) : (
              <Input maxLength={100} data-testid={`knowledge-${name}-${lang}`} />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );

  return (
    <FormDrawer
      open={article !== null}
      title={t('edit')}
      onClose={onClose}
      onSave={() => void submit()}
      saving={saving}
      testId="knowledge-article"
      width={960}
    >
      {/* The drawer mounts the form anew on each opening (destroyOnHidden): filled from the article. */}
      <Form<KnowledgeArticleBody>
        form={form}
        layout="vertical"
        initialValues={
          article ? { title: article.title, body: article.body, params: article.params } : undefined
        }
      >
        {both('title')}
        <Typography.Paragraph type="secondary">{t('bodyHint')}</Typography.Paragraph>
        {both('body', 14)}
        <Divider titlePlacement="start">{t('params')}</Divider>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space
                  key={field.key}
                  align="start"
                  wrap
                  data-testid="knowledge-param-row"
                  style={{ marginBottom: 8 }}
                >
                  <Form.Item name={[field.name, 'name', 'en']} rules={[rules.name]} noStyle={false}>
                    <Input
                      placeholder={t('param.nameEn')}
                      aria-label={t('param.nameEn')}
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'name', 'zh']} rules={[rules.name]}>
                    <Input
                      placeholder={t('param.nameZh')}
                      aria-label={t('param.nameZh')}
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} rules={[zodRule(param.value)]}>
                    <InputNumber
                      placeholder={t('param.value')}
                      aria-label={t('param.value')}
                      style={{ width: 100 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'unit']}>
                    <Input
                      placeholder={t('param.unit')}
                      aria-label={t('param.unit')}
                      maxLength={16}
                      style={{ width: 70 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'description', 'en']}>
                    <Input
                      placeholder={t('param.descriptionEn')}
                      aria-label={t('param.descriptionEn')}
                      maxLength={300}
                      style={{ width: 200 }}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'description', 'zh']}>
                    <Input
                      placeholder={t('param.descriptionZh')}
                      aria-label={t('param.descriptionZh')}
                      maxLength={300}
                      style={{ width: 160 }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('param.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= KNOWLEDGE_MAX_PARAMS}
                onClick={() => add({ name: { en: '', zh: '' }, unit: '', description: { en: '', zh: '' } })}
                data-testid="knowledge-param-add"
              >
                {t('param.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
}
