import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { KnowledgeImage } from '@sentinel/contract';
import { Button, Card, Col, Empty, Image, Popconfirm, Row, Tag, Typography } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { pick } from '../lib/pick.ts';

interface Props {
  images: KnowledgeImage[];
  editable: boolean;
  onAdd: () => void;
  onRemove: (id: number) => Promise<unknown>;
}

/** Correct and incorrect examples with their captions; editors add and delete (with confirmation). */
export function ReferenceImages({ images, editable, onAdd, onRemove }: Props) {
  const { t } = useTranslation('knowledgeBase');
  const { t: tc } = useTranslation();
  const lang = useLang();
  return (
    <Card
      size="small"
      title={t('images')}
      data-testid="knowledge-images"
      extra={
        editable ? (
          <Button size="small" icon={<PlusOutlined />} onClick={onAdd} data-testid="knowledge-image-add">
            {t('addImage')}
          </Button>
        ) : undefined
      }
    >
      {images.length === 0 ? (
        <Empty description={t('noImages')} />
      ) : (
        <Image.PreviewGroup>
          <Row gutter={[12, 12]}>
            {images.map((image) => (
              <Col xs={24} sm={12} xl={8} key={image.id}>
                <Card
                  size="small"
                  data-testid="knowledge-image"
                  data-kind={image.kind}
                  cover={<Image src={image.url} alt={pick(image.caption, lang)} />}
                  actions={
                    editable
                      ? [
                          <Popconfirm
                            key="delete"
                            title={t('deleteImage')}
                            okText={tc('confirm')}
                            cancelText={tc('cancel')}
                            onConfirm={() => onRemove(image.id)}
                          >
                            <Button
                              type="text"
                              danger
                              size="small"
                              icon={<DeleteOutlined />}
                              data-testid={`knowledge-image-delete-${image.id}`}
                            >
                              {tc('delete')}
                            </Button>
                          </Popconfirm>,
                        ]
                      : undefined
                  }
                >
                  <Tag color={image.kind === 'correct' ? 'green' : 'red'}>{t(`kind.${image.kind}`)}</Tag>
                  <Typography.Text>{pick(image.caption, lang)}</Typography.Text>
                </Card>
              </Col>
            ))}
          </Row>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}
