import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  OFFLINE_VIDEO_API,
  type OfflineAnalysisDetail,
  type OfflineAnalysisItem,
  type OfflineAnalysisListResult,
  type OfflineUpload,
} from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, body } from '../../test/helpers.ts';
import { type OfflineHarness, offlineHarness, realMp4 } from './test-support.ts';

describe.each(backends)('offline video analyses on %s', (backend) => {
  let h: OfflineHarness;
  const put = (token: string, payload: Record<string, unknown>, lang = 'en') =>
    h.app.inject({ method: 'PUT', url: OFFLINE_VIDEO_API.create, headers: { token, lang }, payload });
  const list = (token: string, payload: Record<string, unknown> = {}) =>
    h.app.inject({
      method: 'POST',
      url: OFFLINE_VIDEO_API.list,
      headers: { token },
      payload: { page: 1, limit: 10, ...payload },
    });
  const uploadAs = async (token: string) => body<OfflineUpload>(await h.upload(token, realMp4())).data;

  beforeAll(async () => {
    h = await offlineHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  it('starts an analysis of an uploaded file, which then waits for an engine', async () => {
    const file = await uploadAs(h.operator);
    const res = await put(h.operator, {
      name: ' 皮带巡检 ',
      fileId: file.fileId,
      algorithmIds: [h.algorithms.smoke, h.algorithms.helmet],
    });
    expect(res.statusCode).toBe(200);
    const item = body<OfflineAnalysisItem>(res).data;
    expect(item).toMatchObject({
      name: '皮带巡检',
      source: 'file',
      sourceName: 'clip.mp4',
      format: 'mp4',
      size: file.size,
      state: 0,
      progress: 0,
      eventCount: 0,
      algorithms: [
        { id: h.algorithms.smoke, code: 'smoke', name: '吸烟' },
        { id: h.algorithms.helmet, code: 'helmet', name: '未戴安全帽' },
      ],
    });
    expect(item.videoUrl).toMatch(/^\/api\/v2\/backend\/media\/offline\/[0-9a-f]{32}\.mp4$/);
    // The video plays for a logged-in user, with byte ranges.
    const video = await h.app.inject({
      method: 'GET',
      url: item.videoUrl,
      headers: { token: h.admin, range: 'bytes=0-99' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    // An upload starts one analysis only.
    const again = await put(
      h.operator,
      { name: 'again', fileId: file.fileId, algorithmIds: [h.algorithms.smoke] },
      'zh-CN',
    );
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe('上传的视频已失效，请重新上传');
  });

  it("refuses someone else's upload", async () => {
    const file = await uploadAs(h.admin);
    const res = await put(h.operator, { name: 'x', fileId: file.fileId, algorithmIds: [h.algorithms.smoke] });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('The uploaded video is no longer available, please upload it again');
  });

  it('starts an analysis of a video URL', async () => {
    const res = await put(h.admin, {
      name: '外部录像',
      url: 'rtsp://10.0.0.8:554/record/7',
      algorithmIds: [h.algorithms.helmet],
    });
    expect(res.statusCode).toBe(200);
    expect(body<OfflineAnalysisItem>(res).data).toMatchObject({
      source: 'url',
      sourceName: 'rtsp://10.0.0.8:554/record/7',
      videoUrl: '',
      format: null,
      state: 0,
    });
  });

  it('answers the field errors of a bad start, in the caller’s language', async () => {
    const file = await uploadAs(h.admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'a', algorithmIds: [h.algorithms.helmet] }, '请上传视频文件或填写视频地址'],
      [
        { name: 'a', fileId: file.fileId, url: 'http://x.test/a.mp4', algorithmIds: [h.algorithms.helmet] },
        '请上传视频文件或填写视频地址',
      ],
      [
        { name: 'a', url: 'ftp://x.test/a.mp4', algorithmIds: [h.algorithms.helmet] },
        '请输入以http://、https://、rtsp://或rtmp://开头的视频地址',
      ],
      [{ name: 'a', url: 'http://x.test/a.mp4', algorithmIds: [] }, '请至少选择一个算法'],
      [{ name: '  ', url: 'http://x.test/a.mp4', algorithmIds: [h.algorithms.helmet] }, '此项不能为空!'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(h.admin, payload, 'zh-CN');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(message);
    }
    const unknown = await put(h.admin, { name: 'a', url: 'http://x.test/a.mp4', algorithmIds: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('algorithmIds');
    // The refused starts did not use the upload.
    expect(
      (await put(h.admin, { name: 'ok', fileId: file.fileId, algorithmIds: [h.algorithms.helmet] }))
        .statusCode,
    ).toBe(200);
  });

  it('lists analyses newest first, by keyword and state, for whoever has the page', async () => {
    const all = body<OfflineAnalysisListResult>(await list(h.operator)).data;
    expect(all.count).toBe(3);
    expect(all.list.map((item) => item.name)).toEqual(['ok', '外部录像', '皮带巡检']);
    const byKeyword = body<OfflineAnalysisListResult>(
      await list(h.admin, { keyword: 'rtsp://10.0.0.8' }),
    ).data;
    expect(byKeyword.list.map((item) => item.name)).toEqual(['外部录像']);
    expect(body<OfflineAnalysisListResult>(await list(h.admin, { state: 2 })).data.count).toBe(0);
    expect(body<OfflineAnalysisListResult>(await list(h.admin, { keyword: '100%' })).data.count).toBe(0);
    expect((await list(h.nobody)).statusCode).toBe(403);
    expect((await list(h.admin, { limit: 7 })).statusCode).toBe(400);
  });

  it('deletes an analysis with its video; only with the caller’s own account id', async () => {
    const item = await h.startFileAnalysis('to delete');
    const file = join(
      h.dataDir,
      'media',
      decodeURIComponent(item.videoUrl.replace('/api/v2/backend/media/', '')),
    );
    expect(existsSync(file)).toBe(true);
    const detail = await h.app.inject({
      method: 'GET',
      url: OFFLINE_VIDEO_API.detail(item.id),
      headers: { token: h.operator },
    });
    expect(body<OfflineAnalysisDetail>(detail).data).toMatchObject({ id: item.id, events: [] });

    const foreign = await h.app.inject({
      method: 'DELETE',
      url: OFFLINE_VIDEO_API.remove(item.id, h.adminAccount.id),
      headers: { token: h.operator },
    });
    expect(foreign.statusCode).toBe(403);
    const noButton = await h.app.inject({
      method: 'DELETE',
      url: OFFLINE_VIDEO_API.remove(item.id, 1),
      headers: { token: h.nobody },
    });
    expect(noButton.statusCode).toBe(403);

    const res = await h.app.inject({
      method: 'DELETE',
      url: OFFLINE_VIDEO_API.remove(item.id, h.operatorAccount.id),
      headers: { token: h.operator, lang: 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('删除成功！');
    expect(existsSync(file)).toBe(false);
    const gone = await h.app.inject({
      method: 'GET',
      url: OFFLINE_VIDEO_API.detail(item.id),
      headers: { token: h.admin, lang: 'zh-CN' },
    });
    expect(gone.statusCode).toBe(404);
    expect(body(gone).message).toBe('分析任务不存在');
    const twice = await h.app.inject({
      method: 'DELETE',
      url: OFFLINE_VIDEO_API.remove(item.id, h.operatorAccount.id),
      headers: { token: h.operator },
    });
    expect(twice.statusCode).toBe(404);
  });
});
