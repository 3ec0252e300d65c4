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


--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;


--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';


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
-- Name: location_photos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.location_photos (
    id uuid NOT NULL,
    location_id uuid NOT NULL,
    "position" integer NOT NULL,
    photo_key text NOT NULL,
    thumbnail_key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
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
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    accuracy_m double precision,
    updated_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    search_text text GENERATED ALWAYS AS (translate(((mushroom_types || ' '::text) || COALESCE(notes, ''::text)), 'ABCDEFGHIJKLMNOPQRSTUVWXYZĄČĘĖĮŠŲŪŽąčęėįšųūžĀĒĢĪĶĻŅŌŖāēģīķļņōŗĆŁŃÓŚŹŻćłńóśźżÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòôõöøùúûüýÿĂăĎďĚěŇňŘřŤťŮůŞşŢţАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯёй̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡'::text, 'abcdefghijklmnopqrstuvwxyzaceeisuuzaceeisuuzaegiklnoraegiklnorclnoszzclnoszzaaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaddeennrrttuussttабвгдеежзииклмнопрстуфхцчшщъыьэюяеи'::text)) STORED NOT NULL,
    CONSTRAINT locations_accuracy_m_check CHECK (((accuracy_m IS NULL) OR ((accuracy_m > (0)::double precision) AND (accuracy_m <= (10000)::double precision)))),
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
-- Name: rate_limit; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_limit (
    id text NOT NULL,
    key text NOT NULL,
    count integer NOT NULL,
    last_request bigint NOT NULL
);


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
-- Name: sign_in_device_failure; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_device_failure (
    device_id text NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    window_started_at timestamp with time zone DEFAULT now() NOT NULL,
    blocked_until timestamp with time zone
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
	(1, 'ae28b17157dd52fbf086b7d8fb360bd5740214ced51186dd7feb8b141f2fe548', 1795241689633),
	(2, '8867a743cf37d1607da8d152acaaddfd430e2c7514748bd15d6e66a7d4d83991', 1795245579191),
	(3, 'fa818813cc7679becd86cfcebae53a3fe952e67066513f8de215e1c51ad4b897', 1795459861170),
	(4, '8023b20393ca82388972e025980d4b34e1a95a33ebd45fcfb755298e21828455', 1795463960793),
	(5, 'a4556c933ee830b380b17870158d0392af07a123e051ce0ed80bb20c48daafa8', 1795468747856),
	(6, 'f7ba45c8f11c94fc86f9449285e3e94d9381d909486a71db738115989525c712', 1795468793773),
	(7, 'ec0c7e8bca97867fc0e904a96a77f6416f841c40511a13b12bc3ce42dce2ae0b', 1795469819202);


--
-- Data for Name: account; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.account VALUES
	('16e072ff-ced4-4044-8eba-ab6e09d02460', '7b085da7-f24a-4b68-8caf-42a0cebf2f89', 'credential', '7b085da7-f24a-4b68-8caf-42a0cebf2f89', NULL, NULL, NULL, NULL, NULL, NULL, '$argon2id$v=19$m=19456,t=2,p=1$f2yawbXzLqxo3xw6SfLLMQ$iebjiw3X5Kunsyza1znFqnXN+XhJChGzPRrZshaGJi0', '2026-11-27 23:27:57.596+00', '2026-11-27 23:27:57.596+00'),
	('d0797ec4-ee79-4b0c-8232-a0c8efce4531', '08a0c4c9-25cb-4d74-b40f-b233656ad908', 'credential', '08a0c4c9-25cb-4d74-b40f-b233656ad908', NULL, NULL, NULL, NULL, NULL, NULL, '$argon2id$v=19$m=19456,t=2,p=1$o/LUICnZgazWKBT41UvAKg$iO60Mi1QpyrnlBprP+FIhYm5jMLuhSssuMbUfaPfzgg', '2026-11-27 23:27:59.271+00', '2026-11-27 23:27:59.271+00');


--
-- Data for Name: location_photos; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.location_photos VALUES
	('3f149723-9cad-4fa9-baa2-f47b8e16701e', '22bdccdf-afe2-4f7a-88cf-bb9317da56be', 0, 'SiGpXrYXxE51IeOcYJ20DgJrgIHaCUu_', 'iX0om94LV8YCAI1raYtrB084OC2fbVsK', '2026-11-27 23:28:00.492967+00'),
	('41ae71ef-b218-43b1-b5ba-960ba49caa14', '7622228b-a54a-489a-a849-a30781c730cc', 0, 'zyB2E0tJUw0a9n8s3U6xPDqKxCXZusS8', '54GTDwtIIkW6_DQqpL2cEnOKX_o_NTTX', '2026-11-27 23:28:00.918535+00'),
	('5e05f9be-40f5-484e-be56-0e1a7d5a5928', '853ae386-f765-46e2-9fba-f895c0f701a6', 0, '8xIgKYdx-89SsRBHs0gOk2OBaz2WudOQ', '9Etp5Eu560yTUuVJP9yni7bRmJksgDC8', '2026-11-27 23:28:01.660173+00'),
	('ca5ebc50-167a-4a59-bbcc-669ed758a8d3', '7622228b-a54a-489a-a849-a30781c730cc', 1, 'vzeDQmS-SfjtwybZrMuvMGNljdkIQf3z', '5WbHLHpcj2mgeS0p1j0JAMYOlEIPYoEp', '2026-11-27 23:28:02.515298+00');


--
-- Data for Name: locations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.locations VALUES
	('7622228b-a54a-489a-a849-a30781c730cc', '7b085da7-f24a-4b68-8caf-42a0cebf2f89', 'mushroom_spot', 'Voveraitės', 'Ona', '2025-09-14', NULL, 55.2, 23.9, DEFAULT, true, '2026-11-27 23:28:00.918+00', 12, '2026-11-27 23:28:00.918+00', 1, DEFAULT),
	('c81bc5c3-3ab8-4b46-a1b6-3523db624520', '7b085da7-f24a-4b68-8caf-42a0cebf2f89', 'car_park', 'Forest road', '', '2025-09-14', NULL, 55.201, 23.91, DEFAULT, false, '2026-11-27 23:28:00.974+00', NULL, '2026-11-27 23:28:00.974+00', 1, DEFAULT),
	('853ae386-f765-46e2-9fba-f895c0f701a6', '08a0c4c9-25cb-4d74-b40f-b233656ad908', 'mushroom_spot', 'Ūmėdės', 'Jonas', '2024-08-02', NULL, 54.7, 25.3, DEFAULT, false, '2026-11-27 23:28:01.66+00', NULL, '2026-11-27 23:28:01.66+00', 1, DEFAULT),
	('c62a8b96-fdb2-478f-8f8b-f1f6e6a31c02', '08a0c4c9-25cb-4d74-b40f-b233656ad908', 'mushroom_spot', 'Kazlėkai', 'Jonas', '2024-10-11', NULL, 54.71, 25.31, DEFAULT, true, '2026-11-27 23:28:01.895+00', NULL, '2026-11-27 23:28:01.895+00', 1, DEFAULT),
	('22bdccdf-afe2-4f7a-88cf-bb9317da56be', '7b085da7-f24a-4b68-8caf-42a0cebf2f89', 'mushroom_spot', 'Baravykai by the oak', 'Ona', '2025-09-14', 'Under the old oak, north side; again in 2026', 55.123456, 23.654321, DEFAULT, false, '2026-11-27 23:28:00.492+00', 12, '2026-11-27 23:28:02.582+00', 2, DEFAULT);


--
-- Data for Name: mail_outbox; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: rate_limit; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rate_limit VALUES
	('3228311d-d213-46ae-8e08-38c47ae0c653', '127.0.0.1|/sign-up/email', 2, 1795822078977),
	('c4da399f-841c-4230-8632-81e2dfb7abf8', '127.0.0.1|/verify-email', 2, 1795822079604),
	('71f08b5c-7605-40ae-9708-23b786fa8049', '127.0.0.1|/sign-in/email', 2, 1795822079710);


--
-- Data for Name: session; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.session VALUES
	('9035d73e-fe96-43ab-af05-cc3a783894aa', '2026-12-04 23:27:58.941+00', 'mRXo1o0HEZXUkkz6UHYmBqmUgKSJXUEO', '2026-11-27 23:27:58.942+00', '2026-11-27 23:27:58.942+00', '127.0.0.1', 'node', '7b085da7-f24a-4b68-8caf-42a0cebf2f89'),
	('dac21560-918e-49e8-98dc-69913a4e3d30', '2026-12-04 23:27:59.992+00', 'c9Cy2KsFHynHtQKgcdbdRV78XFP9Pjvu', '2026-11-27 23:27:59.992+00', '2026-11-27 23:27:59.992+00', '127.0.0.1', 'node', '08a0c4c9-25cb-4d74-b40f-b233656ad908');


--
-- Data for Name: sign_in_device_failure; Type: TABLE DATA; Schema: public; Owner: -
--



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
	('common.somethingWentWrong', 'Something went wrong', 'Įvyko klaida'),
	('common.serverUnreachable', 'Can''t reach Foray right now. Trying again…', 'Šiuo metu nepavyksta pasiekti „Foray“. Bandoma dar kartą…'),
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
	('auth.switchToSignUp', 'Create one', 'Užsiregistruokite'),
	('auth.switchToSignIn', 'Sign in', 'Prisijunkite'),
	('auth.signInFailed', 'Sign-in failed', 'Prisijungti nepavyko'),
	('auth.signUpFailed', 'Sign-up failed', 'Užsiregistruoti nepavyko'),
	('auth.signOutFailed', 'Sign-out failed', 'Atsijungti nepavyko'),
	('auth.signOut', 'Sign out', 'Atsijungti'),
	('auth.accountCreatedTitle', 'Account created', 'Paskyra sukurta'),
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
	('install.appInstalledDescription', 'Foray is now on your home screen.', '„Foray“ dabar yra jūsų pradžios ekrane.'),
	('install.installDismissedTitle', 'Installation cancelled', 'Diegimas atšauktas'),
	('install.installDismissedDescription', 'You can install Foray later from this button or your browser''s menu.', '„Foray“ galėsite įdiegti vėliau šiuo mygtuku arba per naršyklės meniu.'),
	('map.mapLabel', 'Map of locations', 'Vietų žemėlapis'),
	('map.locationCount_one', '{{count}} location', '{{count}} vieta'),
	('map.locationCount_other', '{{count}} locations', '{{count}} vietų'),
	('map.clusterLabel_one', '{{count}} location here, zoom in', 'Čia {{count}} vieta, priartinkite'),
	('map.clusterLabel_other', '{{count}} locations here, zoom in', 'Čia {{count}} vietų, priartinkite'),
	('map.zoomInForAll', 'zoom in to see them all', 'priartinkite, kad matytumėte visas'),
	('map.clickHint', 'Click or tap the map to add a location there.', 'Spustelėkite arba palieskite žemėlapį ten, kur norite pridėti vietą.'),
	('map.addAtCentre', 'Add at map centre', 'Pridėti žemėlapio centre'),
	('map.baseLayer', 'Base map', 'Žemėlapio sluoksnis'),
	('map.layers.street', 'Street', 'Gatvių žemėlapis'),
	('map.layers.satellite', 'Satellite', 'Palydovinis vaizdas'),
	('map.layers.topo', 'Topographic', 'Topografinis žemėlapis'),
	('map.layers.dark', 'Dark', 'Tamsus žemėlapis'),
	('map.configFailed', 'Could not load the map settings', 'Nepavyko įkelti žemėlapio nustatymų'),
	('map.mapLocationFound', 'Location found', 'Jūsų buvimo vieta nustatyta'),
	('map.mapLocationDenied', 'Location access denied', 'Neleista nustatyti buvimo vietos'),
	('map.mapLocationDeniedDescription', 'Allow location access in your browser settings to centre the map on you.', 'Naršyklės nustatymuose leiskite nustatyti buvimo vietą, kad žemėlapis būtų rodomas ten, kur esate.'),
	('map.locateMe', 'Locate me', 'Rodyti mano buvimo vietą'),
	('map.locateSuccess', 'You are here', 'Jūs esate čia'),
	('map.locateFailed', 'Could not find your location', 'Nepavyko nustatyti jūsų buvimo vietos'),
	('map.locateUnavailable', 'Your position is not available right now. Try again in the open.', 'Dabar nepavyksta nustatyti, kur esate. Pabandykite dar kartą atviroje vietoje.'),
	('map.youAreHere', 'You are here', 'Jūs esate čia'),
	('map.popupFinder', 'Found by {{finder}}', 'Rado {{finder}}'),
	('map.popupDateFound', 'Found on {{date}}', 'Rasta {{date}}'),
	('map.popupDirections', 'Directions: {{coordinates}}', 'Maršrutas: {{coordinates}}'),
	('map.zoomIn', 'Zoom in', 'Priartinti'),
	('map.zoomOut', 'Zoom out', 'Nutolinti'),
	('map.closePopup', 'Close popup', 'Uždaryti langelį'),
	('map.leafletTitle', 'A JavaScript library for interactive maps', 'JavaScript biblioteka interaktyviems žemėlapiams'),
	('locationTypes.mushroom_spot', 'Mushroom spot', 'Grybavietė'),
	('locationTypes.car_park', 'Car park', 'Automobilių stovėjimo vieta'),
	('form.title', 'Add a location', 'Pridėti vietą'),
	('form.coordinates', 'Coordinates', 'Koordinatės');
INSERT INTO public.translations VALUES
	('form.close', 'Close form', 'Uždaryti formą'),
	('form.type', 'Location type', 'Vietos tipas'),
	('form.mushroomTypes', 'Mushroom types', 'Grybų rūšys'),
	('form.mushroomTypesPlaceholder', 'e.g. chanterelles, porcini', 'pvz., voveraitės, baravykai'),
	('form.finder', 'Finder', 'Kas rado'),
	('form.dateFound', 'Date found', 'Radimo data'),
	('form.dateFormatHint', 'Year-month-day, e.g. 2026-09-14', 'Metai-mėnuo-diena, pvz., 2026-09-14'),
	('form.datePlaceholder', 'YYYY-MM-DD', 'MMMM-MM-DD'),
	('form.dateOutOfRange', 'Enter a date from {{earliest}} to {{latest}}, written as YYYY-MM-DD.', 'Įveskite datą nuo {{earliest}} iki {{latest}} formatu MMMM-MM-DD.'),
	('form.photo', 'Photo', 'Nuotrauka'),
	('form.takePhoto', 'Take photo', 'Fotografuoti'),
	('form.uploadPhoto', 'Upload photo', 'Įkelti nuotrauką'),
	('form.photoPreview', 'Preview of the chosen photo', 'Pasirinktos nuotraukos peržiūra'),
	('form.removePhoto', 'Remove photo', 'Pašalinti nuotrauką'),
	('form.photoPlace', 'Place at the photo''s position (taken {{date}})', 'Perkelti į nuotraukos vietą (nufotografuota {{date}})'),
	('form.photoPlaceNoDate', 'Place at the photo''s position', 'Perkelti į nuotraukos vietą'),
	('form.photoPlaceDistance', '{{distance}} from the pin now', '{{distance}} nuo dabartinio smeigtuko'),
	('form.photoPlaced', 'The pin is at the photo''s position.', 'Smeigtukas perkeltas į nuotraukos vietą.'),
	('form.photoDate', 'Use the date it was taken ({{date}})', 'Naudoti nufotografavimo datą ({{date}})'),
	('form.photoPlacePrivacy', 'Read on this device; the photo is uploaded without its location.', 'Nuskaityta šiame įrenginyje; nuotrauka įkeliama be vietos duomenų.'),
	('form.notes', 'Notes', 'Pastabos'),
	('form.sharing', 'Sharing', 'Bendrinimas'),
	('form.save', 'Save', 'Išsaugoti'),
	('form.saving', 'Saving…', 'Išsaugoma…'),
	('form.missingInfoTitle', 'Missing information', 'Trūksta informacijos'),
	('form.missingInfoDescription', 'Please fill in the mushroom types and the finder.', 'Įrašykite grybų rūšis ir kas juos rado.'),
	('form.fileTooLargeTitle', 'File too large', 'Failas per didelis'),
	('form.fileTooLargeDescription', 'The photo must be at most {{max}} MB.', 'Nuotrauka turi būti ne didesnė nei {{max}} MB.'),
	('form.notAnImageTitle', 'Not an image', 'Tai ne nuotrauka'),
	('form.notAnImageDescription', 'Choose a photo (JPEG, PNG or WebP).', 'Pasirinkite nuotrauką (JPEG, PNG arba WebP).'),
	('form.locationSavedTitle', 'Location saved', 'Vieta išsaugota'),
	('form.locationSavedDescription', 'Your location is on the map.', 'Jūsų vieta pažymėta žemėlapyje.'),
	('form.photoUploadFailed', 'Photo upload failed', 'Nuotraukos įkelti nepavyko'),
	('form.errorSavingLocation', 'Error saving location', 'Vietos išsaugoti nepavyko'),
	('sharing.private', 'Private', 'Privati'),
	('sharing.public', 'Public', 'Vieša'),
	('sharing.privateDescription', 'Only you can see this location.', 'Šią vietą matote tik jūs.'),
	('sharing.publicDescription', 'Everyone signed in to Foray can see this location.', 'Šią vietą mato visi prisijungę „Foray“ naudotojai.'),
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
	('locations.errorFetchingLocations', 'Error fetching locations', 'Nepavyko įkelti vietų'),
	('locations.photoAlt', 'Photo of {{title}}', 'Nuotrauka: {{title}}');
INSERT INTO public.translations VALUES
	('locations.foundByOn', 'Found by {{finder}} on {{date}}', 'Rado {{finder}}, {{date}}'),
	('locations.foundOn', 'Found on {{date}}', 'Rasta {{date}}'),
	('locations.parkedOn', 'Parked on {{date}}', 'Automobilis pastatytas {{date}}'),
	('locations.addedBy', 'Added by {{owner}}', 'Pridėjo {{owner}}'),
	('locations.addedByYou', 'Added by you', 'Pridėjote jūs'),
	('locations.directions', 'Directions', 'Maršrutas'),
	('locations.share', 'Share', 'Bendrinti'),
	('locations.delete', 'Delete', 'Ištrinti'),
	('locations.loadMore', 'Load more', 'Įkelti daugiau'),
	('locations.deleteTitle', 'Delete location?', 'Ištrinti vietą?'),
	('locations.deleteDescription', '"{{title}}" will be deleted for good. This cannot be undone.', '„{{title}}“ bus ištrinta visam laikui. Šio veiksmo atšaukti negalima.'),
	('locations.confirmDelete', 'Delete', 'Ištrinti'),
	('locations.locationRemovedTitle', 'Location removed', 'Vieta pašalinta'),
	('locations.locationRemovedDescription', 'The location has been deleted.', 'Vieta ištrinta.'),
	('locations.errorDeletingLocation', 'Error deleting location', 'Vietos ištrinti nepavyko'),
	('errors.INVALID_EMAIL_OR_PASSWORD', 'The e-mail or password is wrong.', 'Neteisingas el. pašto adresas arba slaptažodis.'),
	('errors.PASSWORD_TOO_SHORT', 'The password must be at least 8 characters long.', 'Slaptažodį turi sudaryti bent 8 simboliai.'),
	('errors.PASSWORD_TOO_LONG', 'The password must be at most 128 characters long.', 'Slaptažodį gali sudaryti ne daugiau kaip 128 simboliai.'),
	('errors.INVALID_EMAIL', 'That is not a valid e-mail address.', 'Tai nėra tinkamas el. pašto adresas.'),
	('errors.INVALID_TOKEN', 'This link is not valid any more. Ask for a new one.', 'Ši nuoroda nebegalioja. Paprašykite naujos.'),
	('errors.RATE_LIMITED', 'Too many attempts. Please wait a little and try again.', 'Per daug bandymų. Šiek tiek palaukite ir bandykite dar kartą.'),
	('errors.UNAUTHENTICATED', 'Please sign in again.', 'Prisijunkite iš naujo.'),
	('errors.NOT_FOUND', 'This location no longer exists or is not shared with you.', 'Šios vietos nebėra arba ji su jumis nebendrinama.'),
	('errors.MISSING_INFORMATION', 'A mushroom spot needs the mushroom types and the finder.', 'Grybavietei reikia nurodyti grybų rūšis ir kas juos rado.'),
	('errors.PHOTO_TOO_LARGE', 'The photo is larger than 5 MB.', 'Nuotrauka didesnė nei 5 MB.'),
	('errors.UNSUPPORTED_PHOTO', 'This file is not a photo Foray can read (JPEG, PNG, WebP, GIF or AVIF).', 'Šio failo „Foray“ negali perskaityti kaip nuotraukos (JPEG, PNG, WebP, GIF arba AVIF).'),
	('errors.ID_CONFLICT', 'This location could not be saved. Please try again.', 'Šios vietos išsaugoti nepavyko. Bandykite dar kartą.'),
	('common.close', 'Close', 'Uždaryti'),
	('offline.offline', 'Offline', 'Be ryšio'),
	('offline.waitingToUpload', 'Waiting to upload', 'Laukia įkėlimo'),
	('offline.waitingToDelete', 'Will be deleted when online', 'Bus ištrinta, kai atsiras ryšys'),
	('offline.notUploaded', 'Not uploaded', 'Neįkelta'),
	('offline.discard', 'Discard', 'Atsisakyti'),
	('offline.uploadNow', 'Upload now', 'Įkelti dabar'),
	('offline.uploadWhenOnline', 'No connection now: Foray uploads by itself as soon as there is one.', 'Dabar nėra ryšio: „Foray“ viską įkels, kai tik jis atsiras.'),
	('offline.waitingCount_one', '{{count}} spot waiting to upload', '{{count}} vieta laukia įkėlimo'),
	('offline.waitingCount_other', '{{count}} spots waiting to upload', '{{count}} vietų laukia įkėlimo'),
	('offline.failedCount_one', '{{count}} spot could not be uploaded', '{{count}} vietos nepavyko įkelti'),
	('offline.failedCount_other', '{{count}} spots could not be uploaded', '{{count}} vietų nepavyko įkelti'),
	('offline.uploaded_one', '{{count}} spot uploaded', 'Įkelta {{count}} vieta'),
	('offline.uploaded_other', '{{count}} spots uploaded', 'Įkelta {{count}} vietų'),
	('offline.savedOnDeviceTitle', 'Saved on this device', 'Išsaugota šiame įrenginyje'),
	('offline.savedOnDeviceDescription', 'It will upload by itself when you are back online.', 'Vieta bus įkelta automatiškai, kai atsiras ryšys.'),
	('offline.changeWaitsDescription', 'Saved on this device; it reaches the server when you are back online.', 'Išsaugota šiame įrenginyje; serverį pasieks, kai atsiras ryšys.'),
	('offline.storageFullTitle', 'Not enough space on this device', 'Įrenginyje nepakanka atminties'),
	('offline.storageFullDescription', 'The location was not saved. Free some space (or remove the photo) and try again.', 'Vieta neišsaugota. Atlaisvinkite atminties (arba pašalinkite nuotrauką) ir bandykite dar kartą.'),
	('offline.deviceStorageFailed', 'This device could not store it, so nothing was saved. Please try again.', 'Šis įrenginys negalėjo to išsaugoti, todėl niekas neišsaugota. Bandykite dar kartą.'),
	('offline.signOutTitle_one', '{{count}} spot is only on this phone', '{{count}} vieta yra tik šiame telefone'),
	('offline.signOutTitle_other', '{{count}} spots are only on this phone', '{{count}} vietų yra tik šiame telefone'),
	('offline.signOutDescription', 'They have not reached the server yet. Upload them now, or discard them and sign out.', 'Jos dar nepasiekė serverio. Įkelkite jas dabar arba jų atsisakykite ir atsijunkite.');
INSERT INTO public.translations VALUES
	('offline.discardAndSignOut', 'Discard and sign out', 'Atsisakyti ir atsijungti'),
	('offline.deviceTitle', 'On this device', 'Šiame įrenginyje'),
	('offline.deviceDescription', 'What Foray keeps on this phone so that it works without signal.', 'Ką „Foray“ laiko šiame telefone, kad veiktų ir be ryšio.'),
	('offline.keptOwn', 'Your spots kept', 'Jūsų vietos'),
	('offline.keptOthers', 'Shared spots kept', 'Kitų bendrinamos vietos'),
	('offline.uploadsWaiting', 'Uploads waiting', 'Laukia įkėlimo'),
	('offline.storageUsed', 'Storage used', 'Naudojama atminties'),
	('offline.storageOf', '{{used}} MB of {{quota}} MB', '{{used}} MB iš {{quota}} MB'),
	('offline.megabytes', '{{value}} MB', '{{value}} MB'),
	('offline.storageKept', 'Protected from clean-up', 'Apsaugota nuo išvalymo'),
	('offline.persistGranted', 'Yes', 'Taip'),
	('offline.persistNotGranted', 'No', 'Ne'),
	('offline.persistHint', 'The browser may clear Foray''s data when the device runs low on space. Installing Foray on the home screen usually protects it.', 'Kai įrenginyje pritrūksta vietos, naršyklė gali išvalyti „Foray“ duomenis. Įdiegus „Foray“ pradžios ekrane, jie paprastai apsaugomi.'),
	('offline.unknown', 'Unknown', 'Nežinoma'),
	('errors.CROSS_SITE_REQUEST', 'This request came from another site and was refused. Open Foray at its own address.', 'Ši užklausa atėjo iš kitos svetainės ir buvo atmesta. Atidarykite „Foray“ jos pačios adresu.'),
	('errors.SERVICE_UNAVAILABLE', 'Foray cannot reach its database right now. Please try again in a moment.', '„Foray“ šiuo metu nepasiekia savo duomenų bazės. Pabandykite dar kartą po akimirkos.'),
	('guidance.backToCar', 'Back to car', 'Atgal prie automobilio'),
	('guidance.guideMeHere', 'Guide me here', 'Rodyti kelią čia'),
	('guidance.titleCar', 'Back to the car', 'Atgal prie automobilio'),
	('guidance.titleSpot', 'Way to {{title}}', 'Kelias iki vietos „{{title}}“'),
	('guidance.description', 'Distance and direction from where you stand. Works without signal.', 'Atstumas ir kryptis nuo ten, kur stovite. Veikia ir be ryšio.'),
	('guidance.distanceLabel', 'Distance', 'Atstumas'),
	('guidance.directionLabel', 'Direction', 'Kryptis'),
	('guidance.direction', '{{point}}, {{degrees}}°', '{{point}}, {{degrees}}°'),
	('guidance.points.N', 'north', 'šiaurė'),
	('guidance.points.NE', 'north-east', 'šiaurės rytai'),
	('guidance.points.E', 'east', 'rytai'),
	('guidance.points.SE', 'south-east', 'pietryčiai'),
	('guidance.points.S', 'south', 'pietūs'),
	('guidance.points.SW', 'south-west', 'pietvakariai'),
	('guidance.points.W', 'west', 'vakarai'),
	('guidance.points.NW', 'north-west', 'šiaurės vakarai'),
	('guidance.arrowAhead', 'Arrow: straight ahead', 'Rodyklė: tiesiai priekyje'),
	('guidance.arrowRight', 'Arrow: {{degrees}}° to your right', 'Rodyklė: {{degrees}}° į dešinę'),
	('guidance.arrowLeft', 'Arrow: {{degrees}}° to your left', 'Rodyklė: {{degrees}}° į kairę'),
	('guidance.arrowNorthUp', 'Arrow with north up: bearing {{degrees}}°', 'Rodyklė, šiaurė viršuje: azimutas {{degrees}}°'),
	('guidance.compassOn', 'the arrow turns with your phone: walk where it points', 'rodyklė sukasi kartu su telefonu: eikite ten, kur ji rodo'),
	('guidance.noCompass', 'no compass on this device: the arrow is drawn with north up', 'šis įrenginys neturi kompaso: rodyklė nupiešta šiaurei esant viršuje'),
	('guidance.accuracy', 'Position accurate to ± {{metres}} m', 'Vietos tikslumas ± {{metres}} m'),
	('guidance.waiting', 'Finding your position…', 'Ieškoma, kur esate…'),
	('guidance.denied', 'Foray cannot see your position. Allow location access to be guided.', '„Foray“ nemato, kur esate. Leiskite naudoti buvimo vietą, kad galėtume vesti.'),
	('guidance.unavailable', 'Your position is not available on this device right now.', 'Šiuo metu įrenginys negali nustatyti, kur esate.'),
	('guidance.stale', 'No new position for over {{seconds}} s: the distance may be out of date.', 'Naujos buvimo vietos negauta daugiau nei {{seconds}} s: atstumas gali būti pasenęs.'),
	('guidance.inaccurate', 'Your position is only accurate to ± {{metres}} m (more than {{limit}} m): distance and direction may be wrong.', 'Jūsų buvimo vieta nustatyta tik ± {{metres}} m tikslumu (daugiau nei {{limit}} m): atstumas ir kryptis gali būti netikslūs.'),
	('guidance.arrived', 'You are there.', 'Jūs jau vietoje.'),
	('guidance.mapLabel', 'Map of the way', 'Kelio žemėlapis'),
	('map.addAtMyPosition', 'Add at my position', 'Pridėti ten, kur esu'),
	('fixer.title', 'Add at my position', 'Pridėti ten, kur esu'),
	('fixer.accuracy', 'Accuracy ± {{metres}} m', 'Tikslumas ± {{metres}} m'),
	('fixer.fixes_one', '{{count}} fix averaged', 'Suvidurkintas {{count}} matavimas');
INSERT INTO public.translations VALUES
	('fixer.fixes_other', '{{count}} fixes averaged', 'Suvidurkinta {{count}} matavimų'),
	('fixer.waiting', 'Finding your position…', 'Ieškoma, kur esate…'),
	('fixer.holdStill', 'Stand still: waiting for ± {{limit}} m or better.', 'Stovėkite vietoje: laukiama ± {{limit}} m ar didesnio tikslumo.'),
	('fixer.ready', 'Good enough to save.', 'Pakankamai tiksliai: galima išsaugoti.'),
	('fixer.bestSoFar', 'Your phone gives nothing better here after {{seconds}} s: you may use this.', 'Per {{seconds}} s telefonas čia tiksliau nenustatė: galite naudoti šią vietą.'),
	('fixer.unavailable', 'Foray cannot see your position: allow location access, or add the spot at the map centre.', '„Foray“ nemato, kur esate: leiskite naudoti buvimo vietą arba pridėkite vietą žemėlapio centre.'),
	('fixer.use', 'Use this position', 'Naudoti šią vietą'),
	('form.accuracy', 'accurate to ± {{metres}} m', 'tikslumas ± {{metres}} m'),
	('locations.accuracy', 'Accurate to ± {{metres}} m', 'Tikslumas ± {{metres}} m'),
	('map.accuracyCircle', 'Circle of accuracy: ± {{metres}} m', 'Tikslumo apskritimas: ± {{metres}} m'),
	('filter.open', 'Filter', 'Filtras'),
	('filter.openActive', 'Filter ({{count}} active)', 'Filtras (įjungta: {{count}})'),
	('filter.description', 'For the map and the list; kept in the page address.', 'Žemėlapiui ir sąrašui; lieka puslapio adrese.'),
	('filter.species', 'Species or words in the notes', 'Rūšis ar žodžiai pastabose'),
	('filter.speciesHint', '“baravykas” finds “Baravykai”: accents, capitals and endings don''t matter.', '„baravykas“ ras „Baravykai“: lietuviškos ir didžiosios raidės bei galūnės nesvarbu.'),
	('filter.any', 'Any', 'Visos'),
	('filter.foundFrom', 'Found from', 'Rasta nuo'),
	('filter.foundTo', 'Found until', 'Rasta iki'),
	('filter.owner', 'Whose', 'Kieno'),
	('filter.ownerMine', 'Mine only', 'Tik mano'),
	('filter.ownerOthers', 'Others'' public only', 'Tik kitų viešos'),
	('filter.photoWith', 'With a photo', 'Su nuotrauka'),
	('filter.photoWithout', 'Without a photo', 'Be nuotraukos'),
	('filter.apply', 'Show', 'Rodyti'),
	('filter.clear', 'Clear all', 'Išvalyti viską'),
	('filter.noMatches', 'No spots match the filter', 'Filtrą atitinkančių vietų nėra'),
	('locations.edit', 'Edit', 'Redaguoti'),
	('map.move', 'Move', 'Perkelti'),
	('edit.title', 'Edit spot', 'Redaguoti vietą'),
	('edit.description', 'Change what you recorded about {{title}}. The photo stays as it is.', 'Pakeiskite įrašą „{{title}}“. Nuotrauka lieka tokia pati.'),
	('edit.save', 'Save changes', 'Išsaugoti pakeitimus'),
	('edit.noChanges', 'Nothing was changed', 'Nieko nepakeista'),
	('edit.savedTitle', 'Changes saved', 'Pakeitimai išsaugoti'),
	('edit.savedOffline', 'Saved on this device. The changes upload when there is signal.', 'Išsaugota šiame įrenginyje. Pakeitimai bus įkelti, kai atsiras ryšys.'),
	('edit.failed', 'The changes could not be saved', 'Pakeitimų išsaugoti nepavyko'),
	('move.title', 'Move the spot', 'Perkelti vietą'),
	('move.hint', 'Drag the blue-ringed pin to the new place, or choose below.', 'Nutempkite mėlynai apvestą smeigtuką į naują vietą arba pasirinkite žemiau.'),
	('move.pinLabel', 'New place for {{title}}: drag it', 'Nauja vieta: {{title}} – tempkite'),
	('move.toCentre', 'Move to map centre', 'Perkelti į žemėlapio centrą'),
	('move.toMyPosition', 'Move to my position', 'Perkelti ten, kur esu'),
	('move.confirmQuestion', 'Move the spot here?', 'Perkelti vietą čia?'),
	('move.newCoordinates', 'New coordinates: {{coordinates}}', 'Naujos koordinatės: {{coordinates}}'),
	('move.confirm', 'Move here', 'Perkelti čia'),
	('move.moved', 'Spot moved', 'Vieta perkelta'),
	('conflict.notice', 'Changed elsewhere too', 'Pakeista ir kitur'),
	('conflict.compare', 'Compare and choose', 'Palyginti ir pasirinkti'),
	('conflict.title', 'Changed on another device', 'Pakeista kitame įrenginyje'),
	('conflict.description', 'This spot was changed somewhere else after you edited it. Choose whose values to keep.', 'Po to, kai redagavote šią vietą, ji buvo pakeista kitur. Pasirinkite, kurias reikšmes palikti.'),
	('conflict.yours', 'Your change', 'Jūsų pakeitimas'),
	('conflict.server', 'Saved version', 'Išsaugota versija');
INSERT INTO public.translations VALUES
	('conflict.keepMine', 'Keep mine', 'Palikti mano'),
	('conflict.takeServer', 'Use the saved version', 'Naudoti išsaugotą versiją'),
	('conflict.empty', '(empty)', '(tuščia)'),
	('conflict.position', 'Position', 'Padėtis'),
	('errors.STALE', 'The spot was changed somewhere else after you edited it.', 'Po to, kai redagavote šią vietą, ji buvo pakeista kitur.'),
	('mapRegion.layer', 'Offline map ({{name}})', 'Žemėlapis be ryšio ({{name}})'),
	('mapRegion.drawFailed', 'The offline map could not be shown.', 'Žemėlapio be ryšio parodyti nepavyko.'),
	('mapRegion.notDownloaded', 'Not downloaded', 'Neatsisiųstas'),
	('mapRegion.download', 'Download map of {{name}} for offline use ({{size}} MB)', 'Atsisiųsti {{name}} žemėlapį naudoti be ryšio ({{size}} MB)'),
	('mapRegion.downloaded', '{{size}} MB, downloaded {{date}}', '{{size}} MB, atsisiųsta {{date}}'),
	('mapRegion.progressLabel', 'Downloading the offline map', 'Atsisiunčiamas žemėlapis be ryšio'),
	('mapRegion.progress', '{{received}} of {{total}} MB', '{{received}} iš {{total}} MB'),
	('mapRegion.cancelDownload', 'Cancel download', 'Atšaukti atsisiuntimą'),
	('mapRegion.remove', 'Remove the offline map', 'Pašalinti žemėlapį be ryšio'),
	('mapRegion.partial', 'Download stopped at {{received}} of {{total}} MB', 'Atsisiuntimas sustojo ties {{received}} iš {{total}} MB'),
	('mapRegion.resume', 'Resume download', 'Tęsti atsisiuntimą'),
	('mapRegion.updateAvailable', 'A new version is available ({{size}} MB)', 'Yra nauja versija ({{size}} MB)'),
	('mapRegion.update', 'Update the offline map', 'Atnaujinti žemėlapį be ryšio'),
	('mapRegion.errorSpace', 'Not enough storage: the map needs {{needed}} MB, {{available}} MB is free.', 'Per mažai vietos: žemėlapiui reikia {{needed}} MB, laisva {{available}} MB.'),
	('mapRegion.errorQuota', 'The device ran out of storage; the partial map was removed. Free {{needed}} MB and try again.', 'Įrenginyje pritrūko vietos, todėl dalinis žemėlapis pašalintas. Atlaisvinkite {{needed}} MB ir bandykite dar kartą.'),
	('mapRegion.errorNetwork', 'Download interrupted. Resume it to continue where it stopped.', 'Atsisiuntimas nutrūko. Tęskite – jis prasidės nuo ten, kur sustojo.'),
	('mapRegion.errorUnsupported', 'This browser cannot keep the map.', 'Ši naršyklė negali laikyti žemėlapio.'),
	('mapRegion.errorSignedOut', 'Sign in again to download the map.', 'Norėdami atsisiųsti žemėlapį, prisijunkite iš naujo.'),
	('mapRegion.errorServer', 'The server could not send the map. Try again later.', 'Serveris negalėjo atsiųsti žemėlapio. Bandykite vėliau.'),
	('mapRegion.errorChanged', 'The map changed on the server. Try again.', 'Žemėlapis serveryje pasikeitė. Bandykite dar kartą.'),
	('mapRegion.switched', 'No signal and no kept tiles of the chosen map here: showing the offline map of {{name}}.', 'Nėra ryšio, o pasirinkto žemėlapio fragmentų čia neišsaugota: rodomas {{name}} žemėlapis be ryšio.'),
	('photos.manage', 'Photos ({{n}})', 'Nuotraukos ({{n}})'),
	('photos.managerTitle', 'Photos: {{title}}', 'Nuotraukos: {{title}}'),
	('photos.managerDescription', 'Up to {{max}} photos. The first is the cover, shown on the card and on the map.', 'Iki {{max}} nuotraukų. Pirmoji yra viršelis – ji rodoma kortelėje ir žemėlapyje.'),
	('photos.total', '{{n}} of {{max}} photos', 'Nuotraukų: {{n}} iš {{max}}'),
	('photos.none', 'No photos yet.', 'Nuotraukų dar nėra.'),
	('photos.cover', 'Cover', 'Viršelis'),
	('photos.earlier', 'Earlier', 'Anksčiau'),
	('photos.later', 'Later', 'Vėliau'),
	('photos.removeShort', 'Remove', 'Pašalinti'),
	('photos.moveEarlier', 'Move photo {{position}} earlier', 'Perkelti nuotrauką Nr. {{position}} anksčiau'),
	('photos.moveLater', 'Move photo {{position}} later', 'Perkelti nuotrauką Nr. {{position}} vėliau'),
	('photos.remove', 'Remove photo {{position}}', 'Pašalinti nuotrauką Nr. {{position}}'),
	('photos.photoAlt', 'Photo {{position}} of {{total}}', 'Nuotrauka {{position}} iš {{total}}'),
	('photos.full', 'This spot has {{max}} photos, the most it can have.', 'Šioje vietoje jau yra {{max}} nuotraukų – daugiau pridėti negalima.'),
	('photos.saveFailed', 'The change to the photos could not be saved on this device.', 'Nuotraukų pakeitimo nepavyko išsaugoti šiame įrenginyje.'),
	('photos.view', 'View the photos of {{title}}', 'Žiūrėti nuotraukas: {{title}}'),
	('photos.viewerTitle', 'Photos of {{title}}', 'Nuotraukos: {{title}}'),
	('photos.position', '{{position}} of {{total}}', '{{position}} iš {{total}}'),
	('photos.previous', 'Previous photo', 'Ankstesnė nuotrauka'),
	('photos.next', 'Next photo', 'Kita nuotrauka'),
	('photos.viewerHint', 'Swipe, or use the arrow keys.', 'Braukite arba naudokite rodyklių klavišus.'),
	('errors.TOO_MANY_PHOTOS', 'A spot has at most 8 photos: remove one before adding another.', 'Vietoje gali būti daugiausia 8 nuotraukos: pašalinkite vieną, prieš pridėdami kitą.'),
	('errors.PHOTOS_CHANGED', 'The photos changed meanwhile: open them again and put them in order.', 'Nuotraukos tuo metu pasikeitė: atidarykite jas iš naujo ir surikiuokite.'),
	('map.locationCount_few', '', '{{count}} vietos');
INSERT INTO public.translations VALUES
	('map.locationCount_many', '', '{{count}} vietos'),
	('map.clusterLabel_few', '', 'Čia {{count}} vietos, priartinkite'),
	('map.clusterLabel_many', '', 'Čia {{count}} vietos, priartinkite'),
	('offline.waitingCount_few', '', '{{count}} vietos laukia įkėlimo'),
	('offline.waitingCount_many', '', '{{count}} vietos laukia įkėlimo'),
	('offline.failedCount_few', '', '{{count}} vietų nepavyko įkelti'),
	('offline.failedCount_many', '', '{{count}} vietos nepavyko įkelti'),
	('offline.uploaded_few', '', 'Įkeltos {{count}} vietos'),
	('offline.uploaded_many', '', 'Įkelta {{count}} vietos'),
	('offline.signOutTitle_few', '', '{{count}} vietos yra tik šiame telefone'),
	('offline.signOutTitle_many', '', '{{count}} vietos yra tik šiame telefone'),
	('fixer.fixes_few', '', 'Suvidurkinti {{count}} matavimai'),
	('fixer.fixes_many', '', 'Suvidurkinta {{count}} matavimo');


--
-- Data for Name: user; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public."user" VALUES
	('7b085da7-f24a-4b68-8caf-42a0cebf2f89', 'ona', 'ona@example.com', true, NULL, '2026-11-27 23:27:57.566+00', '2026-11-27 23:27:58.604+00'),
	('08a0c4c9-25cb-4d74-b40f-b233656ad908', 'jonas', 'jonas@example.com', true, NULL, '2026-11-27 23:27:59.257+00', '2026-11-27 23:27:59.637+00');


--
-- Data for Name: verification; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 7, true);


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
-- Name: location_photos location_photos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_photos
    ADD CONSTRAINT location_photos_pkey PRIMARY KEY (id);


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
-- Name: rate_limit rate_limit_key_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limit
    ADD CONSTRAINT rate_limit_key_unique UNIQUE (key);


--
-- Name: rate_limit rate_limit_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rate_limit
    ADD CONSTRAINT rate_limit_pkey PRIMARY KEY (id);


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
-- Name: sign_in_device_failure sign_in_device_failure_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sign_in_device_failure
    ADD CONSTRAINT sign_in_device_failure_pkey PRIMARY KEY (device_id);


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
-- Name: location_photos_location_position_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX location_photos_location_position_idx ON public.location_photos USING btree (location_id, "position");


--
-- Name: location_photos_photo_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX location_photos_photo_key_idx ON public.location_photos USING btree (photo_key);


--
-- Name: location_photos_thumbnail_key_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX location_photos_thumbnail_key_idx ON public.location_photos USING btree (thumbnail_key);


--
-- Name: locations_owner_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_owner_recent_idx ON public.locations USING btree (user_id, created_at DESC NULLS LAST, id DESC NULLS LAST);


--
-- Name: locations_position_gist; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_position_gist ON public.locations USING gist ("position");


--
-- Name: locations_public_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_public_recent_idx ON public.locations USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST) WHERE is_public;


--
-- Name: locations_search_trgm; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX locations_search_trgm ON public.locations USING gin (search_text public.gin_trgm_ops);


--
-- Name: mail_outbox_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_pending_idx ON public.mail_outbox USING btree (next_attempt_at) WHERE (sent_at IS NULL);


--
-- Name: rate_limit_last_request_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rate_limit_last_request_idx ON public.rate_limit USING btree (last_request);


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
-- Name: location_photos location_photos_location_id_locations_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.location_photos
    ADD CONSTRAINT location_photos_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE CASCADE;


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


