import { Empty, Image, Space } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export interface ViewerImage {
  src: string;
  title: string;
}

/**
 * Images with a full-size viewer (antd Image preview: zoom, rotate, flip, previous/next between
 * the images of the group). Media URLs work with the session cookie.
 */
export function ImageViewer({
  images,
  width = 360,
  height = 220,
}: {
  images: ViewerImage[];
  width?: number | string;
  height?: number | string;
}) {
  const { t } = useTranslation();
  const present = images.filter((image) => image.src);
  if (present.length === 0)
    return <Empty description={t('alarm.noImage')} data-testid="image-viewer-empty" />;
  return (
    <Image.PreviewGroup>
      <Space wrap align="start" data-testid="image-viewer">
        {present.map((image) => (
          <figure key={image.src} style={{ margin: 0 }}>
            <Image
              src={image.src}
              alt={image.title}
              width={width}
              height={height}
              style={{ objectFit: 'contain', background: '#000' }}
              data-testid="image-viewer-image"
            />
            <figcaption style={{ textAlign: 'center', fontSize: 12 }}>{image.title}</figcaption>
          </figure>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** A small table thumbnail that opens the same viewer. */
export function ImageThumb({ src, alt }: { src: string; alt: string }) {
  if (!src) return <span aria-hidden>—</span>;
  return <Image src={src} alt={alt} width={64} height={40} style={{ objectFit: 'cover' }} />;
}
