import { useEffect, useRef } from 'react';
import { toast } from '#client/components/toast';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import { useAuth } from '#client/accounts/AuthProvider';
import { Button } from '#client/components/Button';
import { useT } from '#client/i18n';
import type { SearchState } from '#client/search/searchState';
import { alertSearchOf, useSaveAlert } from './api/alerts';

/** The URL parameter a signed-out visitor comes back with from signing in: save the alert now. */
export const SAVE_ALERT_PARAM = 'alert';

/**
 * "Alert me" on a search result page: saves the search with its filters as an alert. A visitor
 * who is signed out signs in first and comes back to the same search, where it is saved.
 */
export function AlertMeButton({ state }: { state: SearchState }) {
  const { user, loading } = useAuth();
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveAlert();
  const returned = state.params.get(SAVE_ALERT_PARAM) === '1';
  const saving = useRef(false);

  const saveNow = async () => {
    try {
      await save.mutateAsync({ search: alertSearchOf(state.params, state.fixed) });
      toast.success(t('alerts.button.saved'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('alerts.button.notSaved'));
    }
  };

  useEffect(() => {
    if (!returned || loading || !user || saving.current) return;
    saving.current = true;
    state.update({ [SAVE_ALERT_PARAM]: undefined, page: state.params.get('page') ?? undefined });
    void saveNow();
    // Runs once, when the visitor is back signed in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned, loading, user]);

  const onClick = () => {
    if (user) return void saveNow();
    const back = new URLSearchParams(state.params);
    back.set(SAVE_ALERT_PARAM, '1');
    toast(t('alerts.button.logInFirst'));
    void navigate(paths.login, { state: { from: { pathname: location.pathname, search: `?${back.toString()}` } } });
  };

  return (
    <Button variant="secondary" size="sm" onClick={onClick} loading={save.isPending}>
      {t('alerts.button.alertMe')}
    </Button>
  );
}
