import { bodyBlocks } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';

describe('an article body as blocks', () => {
  it('splits paragraphs on blank lines and keeps numbered lines as steps, numbered as written', () => {
    const body =
      'Intro line one\nline two\r\n\r\nBefore the lift\n\n4. Lift slowly\n5、 Hold\n6) Lower\n\n\n  Last words  ';
    expect(bodyBlocks(body)).toEqual([
      { kind: 'text', text: 'Intro line one\nline two' },
      { kind: 'text', text: 'Before the lift' },
      { kind: 'steps', start: 4, steps: ['Lift slowly', 'Hold', 'Lower'] },
      { kind: 'text', text: 'Last words' },
    ]);
  });

  it('keeps a paragraph with a line that is not a step as text, and HTML as plain text', () => {
    expect(bodyBlocks('1. a\nnot a step')).toEqual([{ kind: 'text', text: '1. a\nnot a step' }]);
    expect(bodyBlocks('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(bodyBlocks('  \n\n ')).toEqual([]);
  });
});
