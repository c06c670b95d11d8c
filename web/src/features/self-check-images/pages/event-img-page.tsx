import { ImageCheckPage } from '../components/image-check-page.tsx';

/** /selfCheck/eventImg: the history events' image checks. */
export default function EventImgPage() {
  return <ImageCheckPage source="event" testId="event-img-page" />;
}
