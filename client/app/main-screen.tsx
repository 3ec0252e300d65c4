// The signed-in screen: header, then the Map and Locations tabs. Loaded lazily after sign-in.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { SignOutButton } from '../features/auth/sign-out-button.tsx';
import { FilterButton } from '../features/filter/filter-button.tsx';
import { InstallButton } from '../features/install/install-button.tsx';
import { NamePrompt } from '../features/account/name-prompt.tsx';
import { MapTab, type RegionMapProps } from '../features/map/map-tab.tsx';
import { OfflineBadge } from '../features/offline/offline-badge.tsx';
import { SyncStatus } from '../features/offline/sync-status.tsx';
import { OutboxProvider } from '../domain/offline/outbox-provider.tsx';
import { forgetInvite, pendingInvite } from '../domain/session/pending-invite.ts';
import { useMe, useSession } from '../domain/session/session.tsx';
import { afterFirstDraw } from '../lib/after-first-draw.ts';
import { IconButton } from '../ui/icon-button.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Tabs } from '../ui/tabs.tsx';
import { useToast } from '../ui/toast.tsx';
import { codeMessage } from '../lib/api-client.ts';
import { AppTitle } from './app-title.tsx';
import { EditHost } from './edit-host.tsx';
import { OpenCirclesContext } from '../domain/sharing/circles-opener.ts';
import { ShownAreaContext } from '../domain/spots/shown-area.ts';
import { GuidanceHost } from './guidance-host.tsx';
import { PhotosHost } from './photos-host.tsx';
import { VisitsHost } from './visits-host.tsx';
import { ReportHost } from './report-host.tsx';
import { queryClient } from './query-client.ts';
import { withAllWords } from '../i18n/later-words.ts';
import type { BBox } from '../../common/schemas/spots.ts';

// The list and its dialogs load when the tab is first opened: the map screen stays within its budget.
const SpotsScreen = lazy(withAllWords(() => import('./spots-screen.tsx')));
const DeviceScreen = lazy(withAllWords(() => import('./device-screen.tsx')));
const AccountScreen = lazy(withAllWords(() => import('./account-screen.tsx')));
const AdminScreen = lazy(withAllWords(() => import('./admin-screen.tsx')));
// Only when an invitation link was opened (client/domain/session/pending-invite.ts): "Join <circle>?".
const JoinCircle = lazy(withAllWords(() => import('../features/circles/join-circle.tsx')));
// Only when the operator offers a region map (ADR 0018); its renderer is a chunk of its own, loaded when drawn.
const RegionMap = lazy(withAllWords(() => import('../features/map-region/region-map.tsx')));
const renderRegionMap = (props: RegionMapProps) => <RegionMap {...props} />;

type TabId = 'map' | 'spots';

export default function MainScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const toast = useToast();
  const { session } = useSession();
  const confirmed = session.status === 'signed-in' && session.confirmed;
  const [tab, setTab] = useState<TabId>('map');
  const [deviceOpen, setDeviceOpen] = useState(false);
  const [adminOpen, setAdminOpen] = useState(false);
  // 'name': opened from the prompt to choose a display name.
  const [accountOpen, setAccountOpen] = useState<false | 'all' | 'name'>(false);
  const openAccount = useCallback(() => setAccountOpen('all'), []);
  const [inviteToken, setInviteToken] = useState(pendingInvite);
  // Kept out of state: the map reports it at every pan, and only a dialog opened later reads it.
  const shownArea = useRef<BBox | null>(null);
  const keepShownArea = useCallback((area: BBox) => {
    shownArea.current = area;
  }, []);
  const readShownArea = useCallback(() => shownArea.current, []);

  useEffect(function forgetSpotsWhenSignedOut() {
    // Covers a server-side expiry too, not just the sign-out button.
    return () => queryClient.clear();
  }, []);

  useEffect(
    function keepOwnSpotsOnTheDevice() {
      // Once the server has confirmed who we are: the user's own spots, in full, for use with no signal. Asked
      // for once the map has drawn: its first tiles come first.
      if (!confirmed) return;
      const controller = new AbortController();
      // The device's copy is code the first draw does not need: loaded with the refresh.
      afterFirstDraw(() =>
        controller.signal.aborted
          ? undefined
          : import('../domain/offline/spot-cache.ts').then((cache) => cache.refreshOwnSpots(me.id, controller.signal)),
      ).catch(() => undefined);
      return () => controller.abort();
    },
    [me.id, confirmed],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <OutboxProvider
        userId={me.id}
        onUploaded={(count) => toast({ title: t('offline.uploaded', { count }) })}
        onPhotosRefused={(error) =>
          toast({
            title: t('offline.photoRefused'),
            description: codeMessage(error, t('common.somethingWentWrong')),
            variant: 'destructive',
          })
        }
      >
        {/* "Open Circles" where a spot is shared and no circle exists yet: circles live in the account panel. */}
        <OpenCirclesContext value={openAccount}>
          <ShownAreaContext value={readShownArea}>
            <GuidanceHost>
              <EditHost>
                <PhotosHost>
                  <VisitsHost>
                    <ReportHost>
                      <div className="mx-auto flex min-h-dvh max-w-7xl flex-col">
                        <header className="flex flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-3">
                          <AppTitle email={me.email} />
                          <div className="flex items-center gap-2">
                            <OfflineBadge />
                            <IconButton label={t('offline.deviceTitle')} onClick={() => setDeviceOpen(true)}>
                              <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
                              <path d="M12 7v7m0 0l-3-3m3 3l3-3M10 18h4" strokeLinecap="round" strokeLinejoin="round" />
                            </IconButton>
                            <InstallButton />
                            {me.role === 'admin' && (
                              <IconButton label={t('admin.open')} onClick={() => setAdminOpen(true)}>
                                <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z" strokeLinejoin="round" />
                                <path d="M9 12l2 2 4-4" strokeLinecap="round" strokeLinejoin="round" />
                              </IconButton>
                            )}
                            <IconButton label={t('account.open')} onClick={openAccount}>
                              <circle cx="12" cy="8" r="4" />
                              <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" strokeLinecap="round" />
                            </IconButton>
                            <LanguageSwitch />
                            <SignOutButton />
                          </div>
                        </header>
                        <SyncStatus />
                        {me.name === null && <NamePrompt userId={me.id} onChoose={() => setAccountOpen('name')} />}

                        <main className="flex flex-1 flex-col">
                          <Tabs<TabId>
                            label={t('app.sections')}
                            value={tab}
                            onChange={setTab}
                            className="flex flex-1 flex-col px-4 py-4"
                            // One filter for both tabs, beside them.
                            aside={<FilterButton />}
                            headerClassName="flex items-center gap-2"
                            listClassName="grid flex-1 grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1 sm:w-80 sm:flex-none"
                            tabClassName={TRIGGER_CLASS}
                            panelClassName="mt-4"
                            items={[
                              // The map stays mounted while the list is shown, so its view and loaded spots survive a tab switch.
                              {
                                id: 'map',
                                label: t('tabs.map'),
                                keepMounted: true,
                                content: <MapTab regionMap={renderRegionMap} onShownArea={keepShownArea} />,
                              },
                              {
                                id: 'spots',
                                label: t('tabs.locations'),
                                content: (
                                  <Suspense
                                    fallback={
                                      <div className="flex justify-center p-8 text-green-800">
                                        <Spinner label={t('common.loading')} className="size-8" />
                                      </div>
                                    }
                                  >
                                    <SpotsScreen />
                                  </Suspense>
                                ),
                              },
                            ]}
                          />
                        </main>
                      </div>
                      {deviceOpen && (
                        <Suspense fallback={null}>
                          <DeviceScreen onClose={() => setDeviceOpen(false)} />
                        </Suspense>
                      )}
                      {adminOpen && (
                        <Suspense fallback={null}>
                          <AdminScreen onClose={() => setAdminOpen(false)} />
                        </Suspense>
                      )}
                      {accountOpen && (
                        <Suspense fallback={null}>
                          <AccountScreen
                            onClose={() => setAccountOpen(false)}
                            startAt={accountOpen === 'name' ? 'name' : undefined}
                          />
                        </Suspense>
                      )}
                      {inviteToken && (
                        <Suspense fallback={null}>
                          <JoinCircle
                            token={inviteToken}
                            // Answered: a reload does not ask again.
                            onAnswered={forgetInvite}
                            onClose={() => {
                              forgetInvite();
                              setInviteToken(null);
                            }}
                          />
                        </Suspense>
                      )}
                    </ReportHost>
                  </VisitsHost>
                </PhotosHost>
              </EditHost>
            </GuidanceHost>
          </ShownAreaContext>
        </OpenCirclesContext>
      </OutboxProvider>
    </QueryClientProvider>
  );
}

const TRIGGER_CLASS =
  'rounded-md px-4 py-2 text-sm font-medium text-stone-800 data-[state=active]:bg-white data-[state=active]:text-green-900 data-[state=active]:shadow';
