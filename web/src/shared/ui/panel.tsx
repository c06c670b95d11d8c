import type { ReactNode } from 'react';
import './panel.css';

interface Props extends Omit<React.HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  /** Raised on hover (a panel that is a link's content). */
  hoverable?: boolean;
  children?: ReactNode;
}

/**
 * A small panel drawn like antd's `<Card size="small">`, without it (issue 17 §8: antd's Card
 * imports its Tabs, ~20 kB with rc-menu and rc-dropdown, on the first console route).
 */
export function Panel({ title, extra, hoverable = false, className, children, ...rest }: Props) {
  const classes = ['light-panel'];
  if (hoverable) classes.push('light-panel-hoverable');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')} {...rest}>
      {title !== undefined || extra !== undefined ? (
        <div className="light-panel-head">
          <div className="light-panel-title">{title}</div>
          {extra !== undefined ? <div className="light-panel-extra">{extra}</div> : null}
        </div>
      ) : null}
      <div className="light-panel-body">{children}</div>
    </div>
  );
}
