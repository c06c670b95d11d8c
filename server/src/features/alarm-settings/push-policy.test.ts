import { type AlarmPushPolicy, DEFAULT_ALARM_POLICY, inQuietHours, isMp3 } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { GlobalPushPolicy } from './push-policy.ts';

const T0 = Date.parse('2030-01-01T12:00:00Z');
const policyWith = (patch: Partial<AlarmPushPolicy>) => {
  let current: AlarmPushPolicy = { ...DEFAULT_ALARM_POLICY, ...patch };
  const policy = new GlobalPushPolicy(() => current);
  return {
    policy,
    change: (next: Partial<AlarmPushPolicy>) => {
      current = { ...current, ...next };
    },
  };
};

describe('global push policy (pure, with a clock)', () => {
  it('the defaults pass everything', () => {
    const { policy } = policyWith({});
    for (let i = 0; i < 5; i++)
      expect(policy.decide({ priority: 120001, camera: 'id:1' }, T0 + i)).toBe('pass');
  });

  it('pushes only the chosen levels', () => {
    const { policy } = policyWith({ priorities: [120003, 120004] });
    expect(policy.decide({ priority: 120002, camera: 'id:1' }, T0)).toBe('filtered');
    expect(policy.decide({ priority: 120004, camera: 'id:1' }, T0)).toBe('pass');
  });

  it("holds back a camera's alarms within the cooldown after one passed; other cameras are not affected", () => {
    const { policy } = policyWith({ cooldownSeconds: 60 });
    expect(policy.decide({ priority: 120002, camera: 'id:7' }, T0)).toBe('pass');
    expect(policy.decide({ priority: 120004, camera: 'id:7' }, T0 + 1_000)).toBe('cooldown');
    expect(policy.decide({ priority: 120002, camera: 'id:8' }, T0 + 2_000)).toBe('pass');
    expect(policy.decide({ priority: 120002, camera: 'id:7' }, T0 + 59_999)).toBe('cooldown');
    // the cooldown runs from the last alarm that passed, not from the held ones
    expect(policy.decide({ priority: 120002, camera: 'id:7' }, T0 + 60_000)).toBe('pass');
    expect(policy.decide({ priority: 120002, camera: 'id:7' }, T0 + 100_000)).toBe('cooldown');
    // an alarm without a camera has no cooldown
    expect(policy.decide({ priority: 120002, camera: null }, T0)).toBe('pass');
    expect(policy.decide({ priority: 120002, camera: null }, T0 + 1)).toBe('pass');
  });

  it('a filtered alarm does not start a cooldown; a changed policy applies at the next alarm', () => {
    const { policy, change } = policyWith({ cooldownSeconds: 30, priorities: [120004] });
    expect(policy.decide({ priority: 120001, camera: 'id:3' }, T0)).toBe('filtered');
    expect(policy.decide({ priority: 120004, camera: 'id:3' }, T0 + 1)).toBe('pass');
    expect(policy.decide({ priority: 120004, camera: 'id:3' }, T0 + 2)).toBe('cooldown');
    change({ cooldownSeconds: 0 });
    expect(policy.decide({ priority: 120004, camera: 'id:3' }, T0 + 3)).toBe('pass');
  });

  it('during quiet hours the suppressed levels are not pushed, the others are (local time of the zone)', () => {
    // 22:00–07:00 in Shanghai (UTC+8): 12:00 UTC is 20:00 there (not quiet), 15:00 UTC is 23:00 (quiet)
    const { policy } = policyWith({
      quietEnabled: true,
      quietFrom: '22:00',
      quietTo: '07:00',
      quietSuppressed: [120001, 120002],
      timeZone: 'Asia/Shanghai',
    });
    expect(policy.decide({ priority: 120001, camera: 'id:1' }, T0)).toBe('pass');
    const night = Date.parse('2030-01-01T15:00:00Z');
    expect(policy.decide({ priority: 120001, camera: 'id:1' }, night)).toBe('quiet');
    expect(policy.decide({ priority: 120004, camera: 'id:1' }, night)).toBe('pass');
    // 07:00 local is the end (exclusive)
    expect(policy.decide({ priority: 120002, camera: 'id:2' }, Date.parse('2030-01-01T23:00:00Z'))).toBe(
      'pass',
    );
    expect(policy.decide({ priority: 120002, camera: 'id:3' }, Date.parse('2030-01-01T22:59:00Z'))).toBe(
      'quiet',
    );
  });
});

describe('quiet hours', () => {
  const q = { quietEnabled: true, quietFrom: '09:00', quietTo: '17:30', timeZone: 'UTC' };
  it.each([
    ['2030-01-01T08:59:00Z', false],
    ['2030-01-01T09:00:00Z', true],
    ['2030-01-01T17:29:00Z', true],
    ['2030-01-01T17:30:00Z', false],
  ])('a day range: %s → %s', (at, expected) => {
    expect(inQuietHours(q, new Date(at))).toBe(expected);
  });
  it('a range over midnight, a disabled one and an empty one', () => {
    const night = { ...q, quietFrom: '23:00', quietTo: '01:00' };
    expect(inQuietHours(night, new Date('2030-01-01T23:30:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2030-01-01T00:30:00Z'))).toBe(true);
    expect(inQuietHours(night, new Date('2030-01-01T12:00:00Z'))).toBe(false);
    expect(inQuietHours({ ...q, quietEnabled: false }, new Date('2030-01-01T10:00:00Z'))).toBe(false);
    expect(inQuietHours({ ...q, quietTo: '09:00' }, new Date('2030-01-01T09:00:00Z'))).toBe(false);
  });
});

describe('mp3 signature', () => {
  it('recognises an ID3 tag and an MPEG audio frame header', () => {
    expect(isMp3(Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'))).toBe(true);
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz
    expect(isMp3(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0]))).toBe(true);
    // MPEG-2 Layer III
    expect(isMp3(Buffer.from([0xff, 0xf3, 0x48, 0xc4]))).toBe(true);
  });
  it('refuses other files and broken headers', () => {
    expect(isMp3(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false); // png
    expect(isMp3(Buffer.from('RIFF....WAVE', 'latin1'))).toBe(false);
    expect(isMp3(Buffer.from('ID3\x09', 'latin1'))).toBe(false);
    expect(isMp3(Buffer.from([0xff, 0xf9, 0x90, 0x64]))).toBe(false); // layer 00 (AAC ADTS)
    expect(isMp3(Buffer.from([0xff, 0xfb, 0xf0, 0x64]))).toBe(false); // bitrate 1111
    expect(isMp3(Buffer.from([0xff, 0xfb, 0x9c, 0x64]))).toBe(false); // sample rate 11
    expect(isMp3(Buffer.from([0xff, 0xfb]))).toBe(false);
  });
});
