--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: drizzle; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA drizzle;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: __drizzle_migrations; Type: TABLE; Schema: drizzle; Owner: -
--

CREATE TABLE drizzle.__drizzle_migrations (
    id integer NOT NULL,
    hash text NOT NULL,
    created_at bigint
);


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE; Schema: drizzle; Owner: -
--

CREATE SEQUENCE drizzle.__drizzle_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: drizzle; Owner: -
--

ALTER SEQUENCE drizzle.__drizzle_migrations_id_seq OWNED BY drizzle.__drizzle_migrations.id;


--
-- Name: account; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account (
    id text NOT NULL,
    account_id text NOT NULL,
    provider_id text NOT NULL,
    user_id text NOT NULL,
    access_token text,
    refresh_token text,
    id_token text,
    access_token_expires_at timestamp with time zone,
    refresh_token_expires_at timestamp with time zone,
    scope text,
    password text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: locations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.locations (
    id uuid NOT NULL,
    user_id text NOT NULL,
    type text NOT NULL,
    mushroom_types text DEFAULT ''::text NOT NULL,
    finder text DEFAULT ''::text NOT NULL,
    date_found date NOT NULL,
    notes text,
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    "position" point GENERATED ALWAYS AS (point(longitude, latitude)) STORED NOT NULL,
    is_public boolean DEFAULT false NOT NULL,
    photo_key text,
    thumbnail_key text,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    CONSTRAINT locations_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT locations_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT locations_type_check CHECK ((type = ANY (ARRAY['mushroom_spot'::text, 'car_park'::text])))
);


--
-- Name: mail_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_outbox (
    id bigint NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    last_error text
);


--
-- Name: mail_outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mail_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mail_outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mail_outbox_id_seq OWNED BY public.mail_outbox.id;


--
-- Name: session; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.session (
    id text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    token text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    ip_address text,
    user_agent text,
    user_id text NOT NULL
);


--
-- Name: sign_in_failure; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_failure (
    email text NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    window_started_at timestamp with time zone DEFAULT now() NOT NULL,
    blocked_until timestamp with time zone
);


--
-- Name: translations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.translations (
    key text NOT NULL,
    en text DEFAULT ''::text NOT NULL,
    lt text DEFAULT ''::text NOT NULL
);


--
-- Name: user; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public."user" (
    id text NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    email_verified boolean DEFAULT false NOT NULL,
    image text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: verification; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.verification (
    id text NOT NULL,
    identifier text NOT NULL,
    value text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: __drizzle_migrations id; Type: DEFAULT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations ALTER COLUMN id SET DEFAULT nextval('drizzle.__drizzle_migrations_id_seq'::regclass);


--
-- Name: mail_outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox ALTER COLUMN id SET DEFAULT nextval('public.mail_outbox_id_seq'::regclass);


--
-- Data for Name: __drizzle_migrations; Type: TABLE DATA; Schema: drizzle; Owner: -
--

INSERT INTO drizzle.__drizzle_migrations VALUES
	(1, 'ae28b17157dd52fbf086b7d8fb360bd5740214ced51186dd7feb8b141f2fe548', 1795241689633);


--
-- Data for Name: account; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.account VALUES
	('e09e546b-a8f2-4cc0-b2f9-d8c10c90470c', '2a7825ad-507d-40b8-8277-69f173c50a3f', 'credential', '2a7825ad-507d-40b8-8277-69f173c50a3f', NULL, NULL, NULL, NULL, NULL, NULL, '$argon2id$v=19$m=19456,t=2,p=1$hUZW6QCiRozW5SEbd0pzlA$FVOQ3uShhuL45WHnsx7zbu32dRizY9mikvHaVFB1QSY', '2026-11-27 23:27:27.704+00', '2026-11-27 23:27:27.704+00'),
	('2dee5779-f453-49df-b2e1-8aee2991a606', '7102b808-4226-468e-9b76-0a201fd7b2a2', 'credential', '7102b808-4226-468e-9b76-0a201fd7b2a2', NULL, NULL, NULL, NULL, NULL, NULL, '$argon2id$v=19$m=19456,t=2,p=1$cMvU5OHlXmHCJEYfFwiFaQ$LyFXaHXTRskDkD4SiEgnNJ9s5VMISN6fAJ8q4X8yZe0', '2026-11-27 23:27:28.797+00', '2026-11-27 23:27:28.797+00');


--
-- Data for Name: locations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.locations VALUES
	('5578a694-c4b4-485d-b006-b9fb6a358af9', '2a7825ad-507d-40b8-8277-69f173c50a3f', 'mushroom_spot', 'Baravykai by the oak', 'Ona', '2025-09-14', 'Under the old oak, north side', 55.123456, 23.654321, DEFAULT, false, 'zi9gV3-QdnmhkdMTCFyx4LYnCXrEbNQB', 'Aht_ebf3hPx4eiDXsve9nD-zINjVhex1', '2026-11-27 23:27:29.515+00'),
	('30b84797-48c3-47da-bb0b-a9fd4ba3f34e', '2a7825ad-507d-40b8-8277-69f173c50a3f', 'mushroom_spot', 'Voveraitės', 'Ona', '2025-09-14', NULL, 55.2, 23.9, DEFAULT, true, 'Sd4QODoeMRGsD9ykBZr_z07PYoxlYc-M', 'VWuwSSWo5wmht8lG-uLWjGueQSKJl_Im', '2026-11-27 23:27:29.734+00'),
	('fce9ab58-8b4f-4dda-b5cb-df5d20744b5c', '2a7825ad-507d-40b8-8277-69f173c50a3f', 'car_park', 'Forest road', '', '2025-09-14', NULL, 55.201, 23.91, DEFAULT, false, NULL, NULL, '2026-11-27 23:27:29.808+00'),
	('edd11c0f-5f54-4c95-93a7-f5c35de6117e', '7102b808-4226-468e-9b76-0a201fd7b2a2', 'mushroom_spot', 'Ūmėdės', 'Jonas', '2024-08-02', NULL, 54.7, 25.3, DEFAULT, false, 'TeaEkJS4jykRRHFQnQaxzBlLCnk7RMLF', 'zuj2gwVvwbHJzGT_ARRQU_PvrZKWGivK', '2026-11-27 23:27:29.98+00'),
	('3580958f-b1b8-4721-bb64-e42728781f87', '7102b808-4226-468e-9b76-0a201fd7b2a2', 'mushroom_spot', 'Kazlėkai', 'Jonas', '2024-10-11', NULL, 54.71, 25.31, DEFAULT, true, NULL, NULL, '2026-11-27 23:27:30.016+00');


--
-- Data for Name: mail_outbox; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: session; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.session VALUES
	('37346755-06f8-466d-ab5d-bf75b3d9bfea', '2026-12-04 23:27:28.569+00', 'se1ddTGuQUeRxyJ9roLJnNpwDI5todKz', '2026-11-27 23:27:28.57+00', '2026-11-27 23:27:28.57+00', '127.0.0.1', 'node', '2a7825ad-507d-40b8-8277-69f173c50a3f'),
	('a5275a54-f79d-47a4-8976-401b1d948397', '2026-12-04 23:27:29.093+00', 'irziEPfbpItVheYjleJClrr5mYlMKmvO', '2026-11-27 23:27:29.093+00', '2026-11-27 23:27:29.093+00', '127.0.0.1', 'node', '7102b808-4226-468e-9b76-0a201fd7b2a2');


--
-- Data for Name: sign_in_failure; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: translations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.translations VALUES
	('app.title', 'Foray', 'Foray'),
	('app.tagline', 'Your mushroom spots and parking places', 'Jūsų grybavietės ir automobilių stovėjimo vietos'),
	('app.welcome', 'Welcome, {{email}}', 'Sveiki, {{email}}'),
	('app.sections', 'Sections', 'Skiltys'),
	('tabs.map', 'Map', 'Žemėlapis'),
	('tabs.locations', 'Locations', 'Vietos'),
	('common.loading', 'Loading', 'Įkeliama'),
	('common.cancel', 'Cancel', 'Atšaukti'),
	('common.closeNotification', 'Close notification', 'Uždaryti pranešimą'),
	('common.notifications', 'Notifications', 'Pranešimai'),
	('common.language', 'Language', 'Kalba'),
	('common.reload', 'Reload', 'Įkelti iš naujo'),
	('common.retry', 'Try again', 'Bandyti dar kartą'),
	('common.somethingWentWrong', 'Something went wrong', 'Kažkas nepavyko'),
	('common.serverUnreachable', 'Can''t reach Foray right now. Trying again…', 'Šiuo metu nepavyksta pasiekti Foray. Bandoma dar kartą…'),
	('auth.signInHeading', 'Sign in to your account', 'Prisijunkite prie paskyros'),
	('auth.signUpHeading', 'Create an account', 'Sukurkite paskyrą'),
	('auth.forgotPasswordHeading', 'Reset your password', 'Slaptažodžio atkūrimas'),
	('auth.forgotPasswordHelp', 'Enter your email and we will send you a link to set a new password.', 'Įveskite el. pašto adresą ir atsiųsime nuorodą naujam slaptažodžiui nustatyti.'),
	('auth.email', 'Email', 'El. paštas'),
	('auth.password', 'Password', 'Slaptažodis'),
	('auth.signIn', 'Sign in', 'Prisijungti'),
	('auth.signingIn', 'Signing in…', 'Jungiamasi…'),
	('auth.createAccount', 'Create account', 'Sukurti paskyrą'),
	('auth.creatingAccount', 'Creating account…', 'Kuriama paskyra…'),
	('auth.sendResetLink', 'Send reset link', 'Siųsti nuorodą'),
	('auth.sending', 'Sending…', 'Siunčiama…'),
	('auth.forgotPassword', 'Forgot password?', 'Pamiršote slaptažodį?'),
	('auth.noAccount', 'Don''t have an account?', 'Neturite paskyros?'),
	('auth.haveAccount', 'Already have an account?', 'Jau turite paskyrą?'),
	('auth.switchToSignUp', 'Create one', 'Susikurkite'),
	('auth.switchToSignIn', 'Sign in', 'Prisijunkite'),
	('auth.signInFailed', 'Sign in Failed', 'Prisijungti nepavyko'),
	('auth.signUpFailed', 'Sign up Failed', 'Registracija nepavyko'),
	('auth.signOutFailed', 'Sign out Failed', 'Atsijungti nepavyko'),
	('auth.signOut', 'Sign out', 'Atsijungti'),
	('auth.accountCreatedTitle', 'Account Created', 'Paskyra sukurta'),
	('auth.accountCreatedDescription', 'Please check your email to verify your account.', 'Patikrinkite el. paštą ir patvirtinkite paskyrą.'),
	('auth.emailNotVerifiedTitle', 'Email not verified yet', 'El. paštas dar nepatvirtintas'),
	('auth.emailNotVerifiedDescription', 'We have sent a new verification link to {{email}}. Open it, then sign in.', 'Naują patvirtinimo nuorodą išsiuntėme adresu {{email}}. Atidarykite ją ir prisijunkite.'),
	('auth.resetSentTitle', 'Check your email', 'Patikrinkite el. paštą'),
	('auth.resetSentDescription', 'If an account exists for {{email}}, we have sent it a link to set a new password.', 'Jei paskyra adresu {{email}} yra, išsiuntėme į jį nuorodą naujam slaptažodžiui nustatyti.'),
	('auth.resetRequestFailed', 'Could not send the reset link', 'Nepavyko išsiųsti nuorodos'),
	('auth.setNewPasswordHeading', 'Set a new password', 'Nustatykite naują slaptažodį'),
	('auth.newPassword', 'New password', 'Naujas slaptažodis'),
	('auth.confirmPassword', 'Confirm password', 'Pakartokite slaptažodį'),
	('auth.passwordRules', '{{min}} to {{max}} characters.', 'Nuo {{min}} iki {{max}} simbolių.'),
	('auth.passwordsDontMatch', 'The passwords do not match.', 'Slaptažodžiai nesutampa.'),
	('auth.setNewPassword', 'Set new password', 'Nustatyti slaptažodį'),
	('auth.saving', 'Saving…', 'Išsaugoma…');
INSERT INTO public.translations VALUES
	('auth.passwordChangedTitle', 'Password changed', 'Slaptažodis pakeistas'),
	('auth.passwordChangedDescription', 'Sign in with your new password.', 'Prisijunkite su nauju slaptažodžiu.'),
	('auth.resetFailed', 'Could not change the password', 'Nepavyko pakeisti slaptažodžio'),
	('auth.resetLinkInvalidHeading', 'This link does not work', 'Ši nuoroda neveikia'),
	('auth.resetLinkInvalid', 'The password reset link is invalid or has expired. Ask for a new one from the sign-in screen.', 'Slaptažodžio atkūrimo nuoroda netinkama arba nebegalioja. Naujos paprašykite prisijungimo lange.'),
	('auth.backToSignIn', 'Back to sign in', 'Grįžti į prisijungimą'),
	('auth.verifiedTitle', 'Email verified', 'El. paštas patvirtintas'),
	('auth.verifiedDescription', 'Your account is ready. You can sign in now.', 'Paskyra paruošta. Dabar galite prisijungti.'),
	('auth.verifyFailedTitle', 'Email not verified', 'El. pašto patvirtinti nepavyko'),
	('auth.verifyExpired', 'The verification link has expired. Sign in to get a new one.', 'Patvirtinimo nuoroda nebegalioja. Prisijunkite ir gausite naują.'),
	('auth.verifyInvalid', 'The verification link is not valid. Sign in to get a new one.', 'Patvirtinimo nuoroda netinkama. Prisijunkite ir gausite naują.'),
	('auth.verifyOtherError', 'The email could not be verified. Sign in to get a new link.', 'El. pašto patvirtinti nepavyko. Prisijunkite ir gausite naują nuorodą.'),
	('install.installApp', 'Install app', 'Įdiegti programėlę'),
	('install.appInstalledTitle', 'App installed', 'Programėlė įdiegta'),
	('install.appInstalledDescription', 'Foray is now on your home screen.', 'Foray dabar yra jūsų pradžios ekrane.'),
	('install.installDismissedTitle', 'Installation cancelled', 'Diegimas atšauktas'),
	('install.installDismissedDescription', 'You can install Foray later from this button or your browser''s menu.', 'Foray galėsite įdiegti vėliau šiuo mygtuku arba naršyklės meniu.'),
	('map.mapLabel', 'Map of locations', 'Vietų žemėlapis'),
	('map.locationCount_one', '{{count}} location', '{{count}} vieta'),
	('map.locationCount_other', '{{count}} locations', '{{count}} vietų'),
	('map.clusterLabel_one', '{{count}} location here, zoom in', 'Čia {{count}} vieta, priartinkite'),
	('map.clusterLabel_other', '{{count}} locations here, zoom in', 'Čia {{count}} vietų, priartinkite'),
	('map.zoomInForAll', 'zoom in to see them all', 'priartinkite, kad matytumėte visas'),
	('map.clickHint', 'Click or tap the map to add a location there.', 'Spustelėkite žemėlapį ten, kur norite pridėti vietą.'),
	('map.addAtCentre', 'Add at map centre', 'Pridėti žemėlapio centre'),
	('map.baseLayer', 'Base map', 'Pagrindas'),
	('map.layers.street', 'Street', 'Gatvės'),
	('map.layers.satellite', 'Satellite', 'Palydovas'),
	('map.layers.topo', 'Topographic', 'Topografinis'),
	('map.layers.dark', 'Dark', 'Tamsus'),
	('map.configFailed', 'Could not load the map settings', 'Nepavyko įkelti žemėlapio nustatymų'),
	('map.mapLocationFound', 'Location found', 'Vieta nustatyta'),
	('map.mapLocationDenied', 'Location access denied', 'Prieiga prie vietos uždrausta'),
	('map.mapLocationDeniedDescription', 'Allow location access in your browser settings to centre the map on you.', 'Naršyklės nustatymuose leiskite nustatyti vietą, kad žemėlapis būtų centruotas pagal jus.'),
	('map.locateMe', 'Locate me', 'Rasti mane'),
	('map.locateSuccess', 'You are here', 'Jūs esate čia'),
	('map.locateFailed', 'Could not find your location', 'Nepavyko nustatyti jūsų vietos'),
	('map.locateUnavailable', 'Your position is not available right now. Try again in the open.', 'Jūsų padėtis dabar nežinoma. Pabandykite atviroje vietoje.'),
	('map.youAreHere', 'You are here', 'Jūs esate čia'),
	('map.popupFinder', 'Found by {{finder}}', 'Rado {{finder}}'),
	('map.popupDateFound', 'Found on {{date}}', 'Rasta {{date}}'),
	('map.popupDirections', 'Directions: {{coordinates}}', 'Maršrutas: {{coordinates}}'),
	('locationTypes.mushroom_spot', 'Mushroom spot', 'Grybavietė'),
	('locationTypes.car_park', 'Car park', 'Automobilių stovėjimo vieta'),
	('form.title', 'Add a location', 'Pridėti vietą'),
	('form.coordinates', 'Coordinates', 'Koordinatės'),
	('form.close', 'Close form', 'Uždaryti formą'),
	('form.type', 'Location type', 'Vietos tipas'),
	('form.mushroomTypes', 'Mushroom types', 'Grybų rūšys'),
	('form.mushroomTypesPlaceholder', 'e.g. chanterelles, porcini', 'pvz., voveraitės, baravykai');
INSERT INTO public.translations VALUES
	('form.finder', 'Finder', 'Radėjas'),
	('form.dateFound', 'Date found', 'Radimo data'),
	('form.photo', 'Photo', 'Nuotrauka'),
	('form.takePhoto', 'Take photo', 'Fotografuoti'),
	('form.uploadPhoto', 'Upload photo', 'Įkelti nuotrauką'),
	('form.photoPreview', 'Preview of the chosen photo', 'Pasirinktos nuotraukos peržiūra'),
	('form.removePhoto', 'Remove photo', 'Pašalinti nuotrauką'),
	('form.notes', 'Notes', 'Pastabos'),
	('form.sharing', 'Sharing', 'Bendrinimas'),
	('form.save', 'Save', 'Išsaugoti'),
	('form.saving', 'Saving…', 'Išsaugoma…'),
	('form.missingInfoTitle', 'Missing information', 'Trūksta informacijos'),
	('form.missingInfoDescription', 'Please fill in the mushroom types and the finder.', 'Įrašykite grybų rūšis ir radėją.'),
	('form.fileTooLargeTitle', 'File too large', 'Failas per didelis'),
	('form.fileTooLargeDescription', 'The photo must be at most {{max}} MB.', 'Nuotrauka turi būti ne didesnė nei {{max}} MB.'),
	('form.notAnImageTitle', 'Not an image', 'Tai ne paveikslėlis'),
	('form.notAnImageDescription', 'Choose a photo (JPEG, PNG or WebP).', 'Pasirinkite nuotrauką (JPEG, PNG arba WebP).'),
	('form.locationSavedTitle', 'Location saved', 'Vieta išsaugota'),
	('form.locationSavedDescription', 'Your location is on the map.', 'Jūsų vieta pažymėta žemėlapyje.'),
	('form.photoUploadFailed', 'Photo upload failed', 'Nuotraukos įkelti nepavyko'),
	('form.errorSavingLocation', 'Error saving location', 'Klaida išsaugant vietą'),
	('sharing.private', 'Private', 'Privati'),
	('sharing.public', 'Public', 'Vieša'),
	('sharing.privateDescription', 'Only you can see this location.', 'Šią vietą matote tik jūs.'),
	('sharing.publicDescription', 'Everyone signed in to Foray can see this location.', 'Šią vietą mato visi prisijungę Foray naudotojai.'),
	('sharing.dialogTitle', 'Share location', 'Bendrinti vietą'),
	('sharing.dialogDescription', 'Choose who can see "{{title}}".', 'Pasirinkite, kas gali matyti „{{title}}“.'),
	('sharing.visibility', 'Visibility', 'Matomumas'),
	('sharing.update', 'Update', 'Atnaujinti'),
	('sharing.sharingUpdatedSuccess', 'Sharing updated', 'Bendrinimas atnaujintas'),
	('sharing.sharingUpdatedError', 'Could not update sharing', 'Nepavyko atnaujinti bendrinimo'),
	('locations.loading', 'Loading locations', 'Įkeliamos vietos'),
	('locations.listLabel', 'Locations', 'Vietos'),
	('locations.noLocationsFound', 'No locations found', 'Vietų nerasta'),
	('locations.noLocationsSuggestion', 'Open the map and click where you found mushrooms or parked to add your first location.', 'Atidarykite žemėlapį ir spustelėkite ten, kur radote grybų ar palikote automobilį, kad pridėtumėte pirmąją vietą.'),
	('locations.errorFetchingLocations', 'Error fetching locations', 'Klaida įkeliant vietas'),
	('locations.photoAlt', 'Photo of {{title}}', 'Nuotrauka: {{title}}'),
	('locations.foundByOn', 'Found by {{finder}} on {{date}}', 'Rado {{finder}}, {{date}}'),
	('locations.foundOn', 'Found on {{date}}', 'Rasta {{date}}'),
	('locations.addedBy', 'Added by {{owner}}', 'Pridėjo {{owner}}'),
	('locations.you', 'you', 'jūs'),
	('locations.directions', 'Directions', 'Maršrutas'),
	('locations.share', 'Share', 'Bendrinti'),
	('locations.delete', 'Delete', 'Ištrinti'),
	('locations.loadMore', 'Load more', 'Įkelti daugiau'),
	('locations.deleteTitle', 'Delete location?', 'Ištrinti vietą?'),
	('locations.deleteDescription', '"{{title}}" will be deleted for good. This cannot be undone.', '„{{title}}“ bus ištrinta visam laikui. Šio veiksmo atšaukti negalima.'),
	('locations.confirmDelete', 'Delete', 'Ištrinti'),
	('locations.locationRemovedTitle', 'Location removed', 'Vieta pašalinta'),
	('locations.locationRemovedDescription', 'The location has been deleted.', 'Vieta ištrinta.');
INSERT INTO public.translations VALUES
	('locations.errorDeletingLocation', 'Error deleting location', 'Klaida trinant vietą'),
	('errors.INVALID_EMAIL_OR_PASSWORD', 'The e-mail or password is wrong.', 'Neteisingas el. pašto adresas arba slaptažodis.'),
	('errors.PASSWORD_TOO_SHORT', 'The password must be at least 8 characters long.', 'Slaptažodį turi sudaryti bent 8 simboliai.'),
	('errors.PASSWORD_TOO_LONG', 'The password must be at most 128 characters long.', 'Slaptažodį gali sudaryti ne daugiau kaip 128 simboliai.'),
	('errors.INVALID_EMAIL', 'That is not a valid e-mail address.', 'Tai nėra tinkamas el. pašto adresas.'),
	('errors.INVALID_TOKEN', 'This link is not valid any more. Ask for a new one.', 'Ši nuoroda nebegalioja. Paprašykite naujos.'),
	('errors.RATE_LIMITED', 'Too many attempts. Please wait a little and try again.', 'Per daug bandymų. Šiek tiek palaukite ir bandykite dar kartą.'),
	('errors.UNAUTHENTICATED', 'Please sign in again.', 'Prisijunkite iš naujo.'),
	('errors.NOT_FOUND', 'This location no longer exists or is not shared with you.', 'Šios vietos nebėra arba ja su jumis nesidalijama.'),
	('errors.MISSING_INFORMATION', 'A mushroom spot needs the mushroom types and the finder.', 'Grybavietei reikia nurodyti grybų rūšis ir radėją.'),
	('errors.PHOTO_TOO_LARGE', 'The photo is larger than 5 MB.', 'Nuotrauka didesnė nei 5 MB.'),
	('errors.UNSUPPORTED_PHOTO', 'This file is not a photo Foray can read (JPEG, PNG, WebP, GIF or AVIF).', 'Šio failo „Foray“ negali perskaityti kaip nuotraukos (JPEG, PNG, WebP, GIF arba AVIF).'),
	('errors.ID_CONFLICT', 'This location could not be saved. Please try again.', 'Šios vietos išsaugoti nepavyko. Bandykite dar kartą.'),
	('map.locationCount_few', '', '{{count}} vietos'),
	('map.locationCount_many', '', '{{count}} vietos'),
	('map.clusterLabel_few', '', 'Čia {{count}} vietos, priartinkite'),
	('map.clusterLabel_many', '', 'Čia {{count}} vietos, priartinkite');


--
-- Data for Name: user; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public."user" VALUES
	('2a7825ad-507d-40b8-8277-69f173c50a3f', 'ona', 'ona@example.com', true, NULL, '2026-11-27 23:27:27.684+00', '2026-11-27 23:27:28.439+00'),
	('7102b808-4226-468e-9b76-0a201fd7b2a2', 'jonas', 'jonas@example.com', true, NULL, '2026-11-27 23:27:28.769+00', '2026-11-27 23:27:29.001+00');


--
-- Data for Name: verification; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 1, true);


--
-- Name: mail_outbox_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mail_outbox_id_seq', 2, true);


--
-- Name: __drizzle_migrations __drizzle_migrations_pkey; Type: CONSTRAINT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations
    ADD CONSTRAINT __drizzle_migrations_pkey PRIMARY KEY (id);


--
-- Name: account account_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account
    ADD CONSTRAINT account_pkey PRIMARY KEY (id);


--
-- Name: locations locations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.locations
    ADD CONSTRAINT locations_pkey PRIMARY KEY (id);


--
-- Name: mail_outbox mail_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);


--
-- Name: session session_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session
    ADD CONSTRAINT session_pkey PRIMARY KEY (id);


--
-- Name: session session_token_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session
    ADD CONSTRAINT session_token_unique UNIQUE (token);


--
-- Name: sign_in_failure sign_in_failure_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sign_in_failure
    ADD CONSTRAINT sign_in_failure_pkey PRIMARY KEY (email);


--
-- Name: translations translations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.translations
    ADD CONSTRAINT translations_pkey PRIMARY KEY (key);


--
-- Name: user user_email_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public."user"
    ADD CONSTRAINT user_email_unique UNIQUE (email);


--
-- Name: user user_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public."user"
    ADD CONSTRAINT user_pkey PRIMARY KEY (id);


--
-- Name: verification verification_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.verification
    ADD CONSTRAINT verification_pkey PRIMARY KEY (id);


--
-- Name: account_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_user_id_idx ON public.account USING btree (user_id);


--
-- Name: locations_owner_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_owner_recent_idx ON public.locations USING btree (user_id, created_at DESC NULLS LAST, id DESC NULLS LAST);


--
-- Name: locations_photo_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX locations_photo_key_idx ON public.locations USING btree (photo_key);


--
-- Name: locations_position_gist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_position_gist ON public.locations USING gist ("position");


--
-- Name: locations_public_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_public_recent_idx ON public.locations USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST) WHERE is_public;


--
-- Name: locations_thumbnail_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX locations_thumbnail_key_idx ON public.locations USING btree (thumbnail_key);


--
-- Name: mail_outbox_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_pending_idx ON public.mail_outbox USING btree (next_attempt_at) WHERE (sent_at IS NULL);


--
-- Name: session_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX session_user_id_idx ON public.session USING btree (user_id);


--
-- Name: verification_identifier_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX verification_identifier_idx ON public.verification USING btree (identifier);


--
-- Name: account account_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account
    ADD CONSTRAINT account_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: locations locations_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.locations
    ADD CONSTRAINT locations_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- Name: session session_user_id_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session
    ADD CONSTRAINT session_user_id_user_id_fk FOREIGN KEY (user_id) REFERENCES public."user"(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


