import { EditOutlined } from '@ant-design/icons';
import type { KnowledgeArticleCode } from '@sentinel/contract';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useAddImage, useArticle, useRemoveImage, useSaveArticle } from '../api/knowledge.ts';
import { pick } from '../lib/pick.ts';
import { ArticleBody } from './article-body.tsx';
import { ArticleForm } from './article-form.tsx';
import { ImageUploadModal } from './image-upload-modal.tsx';
import { ParamsTable } from './params-table.tsx';
import { ReferenceImages } from './reference-images.tsx';

/**
 * An application-specific knowledge page: the procedure, the parameters and the reference images
 * in the UI language; holders of `<code>:edit` edit both languages, add and delete images.
 */
export function KnowledgeArticlePage({ code }: { code: KnowledgeArticleCode }) {
  const { t } = useTranslation('knowledgeBase');
  const lang = useLang();
  const article = useArticle(code);
  const save = useSaveArticle(code);
  const addImage = useAddImage(code);
  const removeImage = useRemoveImage(code);
  const { can } = useButtons(code);
  const editable = can(`${code}:edit`);
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);

  if (article.isPending) return <PageLoading />;
  if (article.isError)
    return <PageError message={article.error.message} onRetry={() => void article.refetch()} />;
  const a = article.data;

  return (
    <Flex vertical gap={12} data-testid="knowledge-page">
      <Card
        size="small"
        title={<span data-testid="knowledge-title">{pick(a.title, lang)}</span>}
        extra={
          editable ? (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="knowledge-edit">
              {t('edit')}
            </Button>
          ) : undefined
        }
      >
        <Row gutter={[24, 12]}>
          <Col xs={24} xl={14}>
            <Typography.Title level={5}>{t('procedure')}</Typography.Title>
            <ArticleBody body={pick(a.body, lang)} />
          </Col>
          <Col xs={24} xl={10}>
            <Typography.Title level={5}>{t('params')}</Typography.Title>
            <ParamsTable params={a.params} />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
              {a.updatedBy
                ? t('updatedBy', {
                    name: a.updatedBy,
                    time: dayjs(a.updatedAt).format('YYYY-MM-DD HH:mm:ss'),
                  })
                : t('defaultContent')}
            </Typography.Text>
          </Col>
        </Row>
      </Card>
      <ReferenceImages
        images={a.images}
        editable={editable}
        onAdd={() => setUploading(true)}
        onRemove={(id) => removeImage.mutateAsync(id)}
      />
      {editable ? (
        <>
          <ArticleForm
            article={editing ? a : null}
            onClose={() => setEditing(false)}
            save={(body) => save.mutateAsync(body)}
            saving={save.isPending}
          />
          <ImageUploadModal
            open={uploading}
            onClose={() => setUploading(false)}
            upload={(input) => addImage.mutateAsync(input)}
          />
        </>
      ) : null}
    </Flex>
  );
}
