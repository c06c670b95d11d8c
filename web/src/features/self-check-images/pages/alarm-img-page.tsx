import { ImageCheckPage } from '../components/image-check-page.tsx';

/** /selfCheck/alarmImg: the alarms' image checks (original and drawn images). */
export default function AlarmImgPage() {
  return <ImageCheckPage source="alarm" testId="alarm-img-page" />;
}
