import { useT } from '../i18n/useT';
import { useCurrentUser } from '../session/useCurrentUser';

/**
 * Shown while an admin emulates another user (000 §1, 002 §4 Emulation): the real user's name,
 * "is emulating", the emulated user's name, and a stop link. Stopping is a full-page navigation
 * (/mask_user/end), so it is a plain <a>, not a router link.
 */
export function EmulationBar() {
  const t = useT();
  const { user } = useCurrentUser();
  if (!user || user.real_id === null) return null;
  return (
    <div className="emulation-bar" role="status">
      <span>
        <strong>{user.real_name}</strong> {t('emulation.emulating')} <strong>{user.name}</strong>
      </span>
      <a href="/mask_user/end">{t('emulation.stop')}</a>
    </div>
  );
}
