import { offlineAnalysisCreate } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { createBody, playerKind } from './create-body.ts';

const upload = {
  fileId: 9,
  fileName: 'clip.mp4',
  size: 42_000,
  format: 'mp4' as const,
  durationSeconds: 6,
  maxBytes: 512 * 1024 * 1024,
};

describe('createBody', () => {
  it('sends the uploaded file id for a file source (and no URL typed before switching)', () => {
    const body = createBody({
      name: ' Gate ',
      source: 'file',
      fileId: upload,
      url: 'http://x/y',
      algorithmIds: [1, 2],
    });
    expect(body).toEqual({ name: 'Gate', fileId: 9, algorithmIds: [1, 2] });
    expect(offlineAnalysisCreate.safeParse(body).success).toBe(true);
  });

  it('sends the trimmed URL for a URL source (and no uploaded file)', () => {
    const body = createBody({
      name: 'Cam',
      source: 'url',
      fileId: upload,
      url: ' rtsp://cam/1 ',
      algorithmIds: [3],
    });
    expect(body).toEqual({ name: 'Cam', url: 'rtsp://cam/1', algorithmIds: [3] });
    expect(offlineAnalysisCreate.safeParse(body).success).toBe(true);
  });

  it('is refused by the contract without a file or with a bad URL', () => {
    expect(
      offlineAnalysisCreate.safeParse(createBody({ name: 'a', source: 'file', algorithmIds: [1] })).success,
    ).toBe(false);
    const bad = offlineAnalysisCreate.safeParse(
      createBody({ name: 'a', source: 'url', url: 'ftp://x', algorithmIds: [1] }),
    );
    expect(bad.error?.issues[0]?.message).toBe('offlineVideo.urlInvalid');
  });
});

describe('playerKind', () => {
  it('plays FLV through the FLV decoder and the rest natively', () => {
    expect(playerKind('flv')).toBe('http-flv');
    expect(playerKind('mp4')).toBe('mp4');
    expect(playerKind('ts')).toBe('mp4');
    expect(playerKind(null)).toBe('mp4');
  });
});
