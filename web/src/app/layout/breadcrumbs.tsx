import { ArrowLeftOutlined } from '@ant-design/icons';
import { MENU_TREE } from '@sentinel/contract';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { ancestry } from '@/shared/permission/permitted.ts';
import { handleTitle, nodeForCode, useRouteHandle } from '@/shared/routing/route-meta.ts';

/** Breadcrumb from the route's tree ancestry, with a back link when deeper than two levels. */
export function Breadcrumbs() {
  const handle = useRouteHandle();
  const lang = useLang();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = handle.code;
  const chain = code ? ancestry(code, MENU_TREE) : [];
  const nodes = chain.length ? chain : code ? [nodeForCode(code)].filter((n) => n !== undefined) : [];
  // Collapse a group and its page that carry the same title (Home / Home).
  const trail = nodes.filter((node, i) => i === 0 || node.title[lang] !== nodes[i - 1]?.title[lang]);
  const items = trail.length
    ? trail.map((node, i) => {
        const last = i === trail.length - 1;
        const linkable = !last && !node.path.includes(':');
        return {
          key: node.code,
          title: linkable ? <Link to={node.path}>{node.title[lang]}</Link> : node.title[lang],
        };
      })
    : [{ key: 'here', title: handleTitle(handle, lang) }];
  const showBack = trail.length > 2 || code === 'taskDetails';

  const goBack = () => {
    if (
      window.history.state &&
      typeof window.history.state.idx === 'number' &&
      window.history.state.idx > 0
    ) {
      navigate(-1);
      return;
    }
    const parent = trail.at(-2);
    navigate(parent && !parent.path.includes(':') ? parent.path : '/dashboard');
  };

  return (
    <div className="breadcrumb-bar">
      {showBack ? (
        <Button
          type="link"
          size="small"
          icon={<ArrowLeftOutlined />}
          onClick={goBack}
          data-testid="back-link"
          className="back-link"
        >
          {t('back')}
        </Button>
      ) : null}
      {/* Drawn like antd's Breadcrumb, without it: it brings antd's Dropdown and Menu (issue 17 §8). */}
      <nav className="light-breadcrumb" data-testid="breadcrumb" aria-label={t('breadcrumb')}>
        <ol>
          {items.map((item, i) => (
            <li key={item.key} aria-current={i === items.length - 1 ? 'page' : undefined}>
              {i > 0 ? (
                <span className="light-breadcrumb-separator" aria-hidden="true">
                  /
                </span>
              ) : null}
              {item.title}
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
