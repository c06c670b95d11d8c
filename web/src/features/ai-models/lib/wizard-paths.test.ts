import { describe, expect, it } from 'vitest';
import { continuePath, idFrom, sampleToken, wizardPath } from './wizard-paths.ts';

describe('wizard paths', () => {
  const draft = { id: 7, modelId: 3, modelName: 'yolov8 helmet', sampleImage: 'ai-sample/abc.png' };

  it('builds the SPEC routes with the sample token or "-" as :imgData', () => {
    expect(wizardPath.step1(3, 'yolov8 helmet', '')).toBe(
      '/AIOpenPlatform/AlgorithmModelBase/createinstance1/3/yolov8%20helmet/-',
    );
    expect(wizardPath.step2(7, 'm', 'abc.png')).toBe(
      '/AIOpenPlatform/AlgorithmModelBase/createinstance2/7/m/abc.png',
    );
    expect(wizardPath.step4(7, 'm')).toBe('/AIOpenPlatform/AlgorithmModelBase/createinstance4/m?draft=7');
  });

  it('continues a draft at the step it is at', () => {
    expect(continuePath({ ...draft, wizardStep: 1 })).toBe(
      '/AIOpenPlatform/AlgorithmModelBase/createinstance1/3/yolov8%20helmet/abc.png?draft=7',
    );
    expect(continuePath({ ...draft, wizardStep: 3 })).toContain('/createinstance3/7/');
    expect(continuePath({ ...draft, wizardStep: 4 })).toContain('/createinstance4/yolov8%20helmet?draft=7');
  });

  it('reads ids and tokens', () => {
    expect(idFrom('12')).toBe(12);
    expect(idFrom('-1')).toBe(0);
    expect(idFrom(null)).toBe(0);
    expect(sampleToken('ai-sample/abc.png')).toBe('abc.png');
  });
});
