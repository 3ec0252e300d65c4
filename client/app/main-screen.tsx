// The signed-in screen: header, then the Map and Locations tabs. Loaded lazily after sign-in.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as Tabs from '@radix-ui/react-tabs';
import { QueryClientProvider } from '@tanstack/react-query';
import { SignOutButton } from '../features/auth/sign-out-button.tsx';
import { InstallButton } from '../features/install/install-button.tsx';
import { MapTab } from '../features/map/map-tab.tsx';
import { useMe } from '../lib/session.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { queryClient } from './query-client.ts';

// The list and its dialogs load when the tab is first opened: the map screen stays within its budget.
const LocationsTab = lazy(() => import('../features/locations/locations-tab.tsx'));

type TabId = 'map' | 'locations';

export default function MainScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [tab, setTab] = useState<TabId>('map');

  useEffect(function forgetSpotsWhenSignedOut() {
    // Covers a server-side expiry too, not just the sign-out button.
    return () => queryClient.clear();
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <div className="mx-auto flex min-h-dvh max-w-7xl flex-col">
        <header className="flex flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-3">
          <img src="/favicon.svg" alt="" className="size-9" />
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold text-green-900">{t('app.title')}</h1>
            <p className="truncate text-sm text-stone-700">{t('app.welcome', { email: me.email })}</p>
          </div>
          <div className="flex items-center gap-2">
            <InstallButton />
            <LanguageSwitch />
            <SignOutButton />
          </div>
        </header>

        <main className="flex flex-1 flex-col">
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabId)} className="flex flex-1 flex-col px-4 py-4">
            <Tabs.List aria-label={t('app.sections')} className="grid grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1 sm:inline-grid sm:w-80">
              <Tabs.Trigger value="map" className={TRIGGER_CLASS}>
                {t('tabs.map')}
              </Tabs.Trigger>
              <Tabs.Trigger value="locations" className={TRIGGER_CLASS}>
                {t('tabs.locations')}
              </Tabs.Trigger>
            </Tabs.List>
            {/* The map stays mounted while the list is shown, so its view and loaded spots survive a tab switch. */}
            <Tabs.Content value="map" forceMount className="mt-4 data-[state=inactive]:hidden">
              <MapTab />
            </Tabs.Content>
            <Tabs.Content value="locations" className="mt-4">
              <Suspense
                fallback={
                  <div className="flex justify-center p-8 text-green-800">
                    <Spinner label={t('common.loading')} className="size-8" />
                  </div>
                }
              >
                <LocationsTab />
              </Suspense>
            </Tabs.Content>
          </Tabs.Root>
        </main>
      </div>
    </QueryClientProvider>
  );
}

const TRIGGER_CLASS =
  'rounded-md px-4 py-2 text-sm font-medium text-stone-800 data-[state=active]:bg-white data-[state=active]:text-green-900 data-[state=active]:shadow';
