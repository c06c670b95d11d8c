import { describe, expect, it } from 'vitest';
import { fillStreamTemplate, parseStreamTemplate, streamKeyOfReported } from './stream-template.ts';

describe('stream templates', () => {
  it('is demo mode when unset or blank', () => {
    expect(parseStreamTemplate(undefined)).toBeUndefined();
    expect(parseStreamTemplate('  ')).toBeUndefined();
  });

  it('appends the token to the query when the template has no {token}', () => {
    expect(parseStreamTemplate('http://m/{stream}/index.m3u8')?.text).toBe(
      'http://m/{stream}/index.m3u8?token={token}',
    );
    expect(parseStreamTemplate('http://m/{stream}.flv?vhost=a')?.text).toBe(
      'http://m/{stream}.flv?vhost=a&token={token}',
    );
  });

  it('fills every placeholder, encoding the stream and token', () => {
    const template = parseStreamTemplate('{origin}/{stream}/{stream}.flv?token={token}');
    if (!template) throw new Error('template');
    expect(template.kind).toBe('http-flv');
    expect(fillStreamTemplate(template, { stream: 'a b/c', token: '1.2.x', origin: 'https://o' })).toBe(
      'https://o/a%20b%2Fc/a%20b%2Fc.flv?token=1.2.x',
    );
  });

  it('reads the camera code out of what a media server reports', () => {
    expect(streamKeyOfReported('CAM-01')).toBe('CAM-01');
    expect(streamKeyOfReported('live/CAM-01')).toBe('CAM-01');
    expect(streamKeyOfReported('CAM-01.live.flv')).toBe('CAM-01');
    expect(streamKeyOfReported('CAM-01.flv')).toBe('CAM-01');
    expect(streamKeyOfReported('CAM%2001.m3u8')).toBe('CAM 01');
    expect(streamKeyOfReported('bad%zz')).toBe('bad%zz');
  });
});
