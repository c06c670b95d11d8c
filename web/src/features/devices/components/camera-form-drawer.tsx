import {
  AGREEMENT_LABELS,
  CAMERA_AGREEMENTS,
  type CameraBody,
  type CameraRow,
  cameraBody,
} from '@sentinel/contract';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { AreaSelect, CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAllCameraTypes } from '../api/camera-types.ts';
import { cameraApi } from '../api/cameras.ts';
import { useAllPlatforms } from '../api/platforms.ts';
import { OnlineBadge } from './online-badge.tsx';

const f = cameraBody.shape;

type FormValues = Omit<CameraBody, 'moving' | 'cameraTypeId'> & {
  moving: 'fixed' | 'moving';
  cameraTypeId?: number;
};

const EMPTY: Partial<FormValues> = {
  agreement: 'rtsp',
  videoPort: 554,
  moving: 'fixed',
  enabled: true,
  areaId: null,
  platformId: null,
  controlPort: null,
  longitude: null,
  latitude: null,
};

const toBody = (values: FormValues): CameraBody => ({
  ...values,
  cameraTypeId: values.cameraTypeId ?? 0,
  moving: values.moving === 'moving',
  controlPort: values.controlPort ?? null,
  longitude: values.longitude ?? null,
  latitude: values.latitude ?? null,
  areaId: values.areaId ?? null,
  platformId: values.platformId ?? null,
});

function toForm(row: CameraRow): FormValues {
  return {
    name: row.name,
    code: row.code,
    cameraTypeId: row.cameraTypeId ?? undefined,
    ip: row.ip,
    videoPort: row.videoPort ?? 554,
    controlPort: row.controlPort,
    agreement: row.agreement as CameraBody['agreement'],
    username: row.username,
    deviceSerial: row.deviceSerial,
    deviceCode: row.deviceCode,
    positionLabel: row.positionLabel,
    longitude: row.longitude,
    latitude: row.latitude,
    moving: row.moving ? 'moving' : 'fixed',
    areaId: row.areaId,
    platformId: row.platformId,
    mainStreamUrl: row.mainStreamUrl,
    subStreamUrl: row.subStreamUrl,
    enabled: row.enabled,
  };
}

/** Add or edit a camera: every field of SPEC §3, checked with the server's own rules. */
export function CameraFormDrawer(props: EditFormProps<CameraRow>) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const types = useAllCameraTypes();
  const platforms = useAllPlatforms();
  return (
    <CrudForm
      api={cameraApi}
      {...props}
      title={{ add: t('camera.add'), edit: t('camera.edit') }}
      name="camera"
      testId="camera"
      width={680}
      extra={props.editing?.row ? <OnlineBadge online={props.editing.row.online} /> : null}
      empty={EMPTY}
      toValues={toForm}
      toBody={toBody}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
            <Input maxLength={64} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('field.code')} required rules={[zodRule(f.code)]}>
            <Input maxLength={64} placeholder="CAM-001" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="cameraTypeId"
            label={t('field.cameraType')}
            required
            rules={[zodRule(f.cameraTypeId)]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={types.isPending}
              options={(types.data ?? []).map((o) => ({
                value: o.id,
                label: `${o.brand} ${o.model} · ${t(`typeKind.${o.type}`, { defaultValue: o.type })}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="agreement" label={t('field.agreement')} required>
            <Select options={CAMERA_AGREEMENTS.map((a) => ({ value: a, label: AGREEMENT_LABELS[a] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="ip" label={t('field.ip')} required rules={[zodRule(f.ip)]}>
            <Input maxLength={15} placeholder="10.0.0.1" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="videoPort" label={t('field.videoPort')} required rules={[zodRule(f.videoPort)]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="controlPort"
            label={t('field.controlPort')}
            rules={[zodRule(f.controlPort, { emptyAs: null })]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="username" label={t('field.username')} rules={[zodRule(f.username)]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="platformId" label={t('field.platform')}>
            <Select
              allowClear
              loading={platforms.isPending}
              options={(platforms.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="deviceSerial" label={t('field.deviceSerial')} rules={[zodRule(f.deviceSerial)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="deviceCode" label={t('field.deviceCode')} rules={[zodRule(f.deviceCode)]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="areaId" label={t('field.area')}>
            <AreaSelect id="camera_areaId" testId="camera-area" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="positionLabel" label={t('field.positionLabel')} rules={[zodRule(f.positionLabel)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="longitude"
            label={t('field.longitude')}
            rules={[zodRule(f.longitude, { emptyAs: null })]}
          >
            <InputNumber style={{ width: '100%' }} step={0.0001} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="latitude"
            label={t('field.latitude')}
            rules={[zodRule(f.latitude, { emptyAs: null })]}
          >
            <InputNumber style={{ width: '100%' }} step={0.0001} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="moving" label={t('field.mounting')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'fixed', label: t('mounting.fixed') },
                { value: 'moving', label: t('mounting.moving') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="enabled" label={tc('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="mainStreamUrl"
            label={t('field.mainStreamUrl')}
            rules={[zodRule(f.mainStreamUrl)]}
            extra={t('streamHint')}
          >
            <Input maxLength={500} placeholder="rtsp://10.0.0.1:554/Streaming/Channels/101" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="subStreamUrl" label={t('field.subStreamUrl')} rules={[zodRule(f.subStreamUrl)]}>
            <Input maxLength={500} placeholder="rtsp://10.0.0.1:554/Streaming/Channels/102" />
          </Form.Item>
        </Col>
      </Row>
    </CrudForm>
  );
}
