import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { nodeForCode } from '@/shared/routing/route-meta.ts';
import { nextAfterClose, shownPath, type VisitedView } from '@/shared/stores/tags-view.ts';
import { useTagsViewStore } from '@/shared/stores/tags-view-store.ts';
import { type DropdownEntry, LightDropdown } from '@/shared/ui/light-dropdown.tsx';

/** Tab strip of opened routes: switch, refresh, close, close others, close all (SPEC §2). */
export function TagsView() {
  const { t } = useTranslation('layout');
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const views = useTagsViewStore((s) => s.visitedViews);
  const activeRef = useRef<HTMLSpanElement>(null);
  const current = shownPath(location.pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll the active tag into view on every route change.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location.pathname]);

  const close = (view: VisitedView) => {
    const before = useTagsViewStore.getState().visitedViews;
    const after = before.filter((v) => v.path !== view.path);
    const next = nextAfterClose(before, after, view.path, current);
    const remove = () => useTagsViewStore.getState().remove(view.path);
    // Leave the closed page first (lazy routes resolve asynchronously), so the visible page never
    // lacks its tag.
    if (next) void Promise.resolve(navigate(next)).then(remove);
    else remove();
  };
  const closeOthers = (view: VisitedView) => {
    useTagsViewStore.getState().removeOthers(view.path);
    if (view.path !== current) navigate(view.fullPath);
  };
  const closeAll = (view: VisitedView) => {
    useTagsViewStore.getState().removeAll();
    const remaining = useTagsViewStore.getState().visitedViews;
    const last = remaining.at(-1);
    if (!remaining.some((v) => v.path === current) || view.affix) navigate(last?.fullPath ?? '/dashboard');
  };
  const refresh = (view: VisitedView) => navigate(`/redirect${view.fullPath}`, { replace: true });

  const menuFor = (view: VisitedView): DropdownEntry[] => [
    { key: 'refresh', label: <span data-testid="tag-refresh">{t('tags.refresh')}</span> },
    ...(view.affix ? [] : [{ key: 'close', label: <span data-testid="tag-close">{t('tags.close')}</span> }]),
    { key: 'closeOthers', label: <span data-testid="tag-close-others">{t('tags.closeOthers')}</span> },
    { key: 'closeAll', label: <span data-testid="tag-close-all">{t('tags.closeAll')}</span> },
  ];

  return (
    <nav className="tags-view" data-testid="tags-view" aria-label={t('tags.label')}>
      <div className="tags-scroll" role="tablist">
        {views.map((view) => {
          const active = view.path === current;
          const title = nodeForCode(view.code)?.title[lang] ?? view.code;
          return (
            <LightDropdown
              key={view.path}
              trigger="contextMenu"
              items={menuFor(view)}
              label={title}
              onPick={(key) => {
                if (key === 'refresh') refresh(view);
                else if (key === 'close') close(view);
                else if (key === 'closeOthers') closeOthers(view);
                else if (key === 'closeAll') closeAll(view);
              }}
              onTriggerKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  navigate(view.fullPath);
                } else if ((event.key === 'Delete' || event.key === 'Backspace') && !view.affix) {
                  close(view);
                }
              }}
            >
              {(trigger) => (
                <span
                  {...trigger}
                  onKeyDown={trigger.onKeyDown}
                  ref={(element) => {
                    trigger.ref.current = element;
                    if (active) activeRef.current = element;
                  }}
                  className={active ? 'tag active' : 'tag'}
                  data-testid="tag"
                  data-path={view.fullPath}
                  data-active={active ? 'true' : 'false'}
                  aria-current={active ? 'page' : undefined}
                  role="tab"
                  aria-selected={active}
                  aria-keyshortcuts={view.affix ? undefined : 'Delete'}
                  tabIndex={0}
                  title={title}
                  onClick={() => {
                    if (!active || location.search !== new URL(view.fullPath, 'http://x').search)
                      navigate(view.fullPath);
                  }}
                  onAuxClick={(event) => {
                    if (event.button === 1 && !view.affix) close(view);
                  }}
                >
                  {active ? <i className="tag-dot" aria-hidden="true" /> : null}
                  <span className="tag-title">{title}</span>
                  {view.affix ? null : (
                    // A pointer shortcut only, hidden from assistive technology: a control inside
                    // the tab would nest one interactive element in another (axe: nested-interactive).
                    // The keyboard closes the focused tab with Delete, the context menu with "Close".
                    <span
                      className="tag-close"
                      aria-hidden="true"
                      data-testid="tag-close-icon"
                      title={`${t('tags.close')} ${title}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        close(view);
                      }}
                    >
                      <CloseOutlined />
                    </span>
                  )}
                </span>
              )}
            </LightDropdown>
          );
        })}
      </div>
    </nav>
  );
}
