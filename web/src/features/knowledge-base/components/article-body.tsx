import { bodyBlocks } from '@sentinel/contract';
import { Typography } from 'antd';
import { useMemo } from 'react';

/**
 * An article's plain-text body: paragraphs, and numbered lines as an ordered list of steps
 * (contract `bodyBlocks`), numbered as written. Rendered as text only — never as HTML.
 */
export function ArticleBody({ body }: { body: string }) {
  // Blocks and steps only change with the text: their position is a stable key.
  const blocks = useMemo(
    () =>
      bodyBlocks(body).map((block, i) => ({
        block,
        id: `b${i}`,
        steps: block.kind === 'steps' ? block.steps.map((text, j) => ({ text, id: `s${i}.${j}` })) : [],
      })),
    [body],
  );
  return (
    <div data-testid="knowledge-body">
      {blocks.map(({ block, id, steps }) =>
        block.kind === 'text' ? (
          <Typography.Paragraph key={id} style={{ whiteSpace: 'pre-line' }} strong={block.text.length < 40}>
            {block.text}
          </Typography.Paragraph>
        ) : (
          <ol key={id} start={block.start} data-testid="knowledge-steps" style={{ paddingInlineStart: 24 }}>
            {steps.map((s) => (
              <li key={s.id} style={{ marginBottom: 6 }}>
                {s.text}
              </li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}
