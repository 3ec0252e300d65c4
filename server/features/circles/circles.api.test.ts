import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CIRCLE_NAME_MAX, CIRCLES_PER_USER_MAX } from '../../../common/limits.ts';
import type { Circle, Member } from '../../../common/schemas/circles.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { circleKit, type Person } from './circles-test-kit.ts';

/** Circles themselves: making, listing, renaming, handing over and deleting them, and their members' roles. */
let t: TestContext;
const { as, person, createCircle, join } = circleKit(() => t);
let a: Person;
let b: Person;
let c: Person;

beforeAll(async () => {
  t = await createTestContext();
  [a, b, c] = [await person('a'), await person('b'), await person('c')];
});
afterAll(() => t.close());

const circleIds = async (who: Person) =>
  (await as(who, 'GET', '/api/v1/circles')).json<{ items: Circle[] }>().items.map((circle) => circle.id);

describe('a circle’s life', () => {
  it('is created with its maker as owner, listed for its members only, and answers privately', async () => {
    const created = await as(a, 'POST', '/api/v1/circles', { name: '  Vilnius mycological club  ' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const circle = created.json<Circle>();
    expect(circle).toEqual({
      id: expect.any(String),
      name: 'Vilnius mycological club',
      role: 'owner',
      member_count: 1,
    });

    const listed = await as(a, 'GET', '/api/v1/circles');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    expect(listed.json<{ items: Circle[] }>().items).toContainEqual(circle);
    expect(await circleIds(c)).not.toContain(circle.id);

    await join(b, circle.id, a);
    expect((await as(b, 'GET', '/api/v1/circles')).json<{ items: Circle[] }>().items).toContainEqual({
      ...circle,
      role: 'member',
      member_count: 2,
    });
    const one = await as(b, 'GET', `/api/v1/circles/${circle.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect(one.json()).toEqual({ ...circle, role: 'member', member_count: 2 });
  });

  it('lists the caller’s circles by name', async () => {
    const owner = await person('sorted');
    for (const name of ['pine', 'Birch', 'alder']) await createCircle(owner, name);
    const names = (await as(owner, 'GET', '/api/v1/circles')).json<{ items: Circle[] }>().items.map((x) => x.name);
    expect(names).toEqual(['alder', 'Birch', 'pine']);
  });

  it('is renamed by its owner only', async () => {
    const circle = await createCircle(a, 'Family');
    await join(b, circle.id, a);
    const renamed = await as(a, 'PATCH', `/api/v1/circles/${circle.id}`, { name: 'Family and friends' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...circle, name: 'Family and friends', member_count: 2 });

    const byMember = await as(b, 'PATCH', `/api/v1/circles/${circle.id}`, { name: 'Mine now' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.code).toBe('FORBIDDEN');
    expect((await as(b, 'GET', `/api/v1/circles/${circle.id}`)).json().name).toBe('Family and friends');
  });

  it('is handed over by its owner to a member, who becomes owner while the old owner becomes admin', async () => {
    const circle = await createCircle(a, 'Hand-over');
    await join(b, circle.id, a);

    const toOutsider = await as(a, 'PATCH', `/api/v1/circles/${circle.id}`, { owner_id: c.id });
    expect(toOutsider.statusCode).toBe(409);
    expect(toOutsider.json().error.code).toBe('NOT_A_MEMBER');
    const byMember = await as(b, 'PATCH', `/api/v1/circles/${circle.id}`, { owner_id: b.id });
    expect(byMember.statusCode).toBe(403);

    const handed = await as(a, 'PATCH', `/api/v1/circles/${circle.id}`, { owner_id: b.id });
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({ id: circle.id, role: 'admin', member_count: 2 });
    const members = (await as(a, 'GET', `/api/v1/circles/${circle.id}/members`)).json<{ items: Member[] }>().items;
    expect(members).toEqual([
      { user_id: b.id, name: b.name, role: 'owner' },
      { user_id: a.id, name: a.name, role: 'admin' },
    ]);
    // Now only B may rename or delete it.
    expect((await as(a, 'PATCH', `/api/v1/circles/${circle.id}`, { name: 'Back' })).statusCode).toBe(403);
    expect((await as(a, 'DELETE', `/api/v1/circles/${circle.id}`)).statusCode).toBe(403);
    expect((await as(b, 'PATCH', `/api/v1/circles/${circle.id}`, { name: 'B’s' })).statusCode).toBe(200);
    // Handing it to oneself changes nothing.
    const same = await as(b, 'PATCH', `/api/v1/circles/${circle.id}`, { owner_id: b.id });
    expect(same.json()).toMatchObject({ role: 'owner', name: 'B’s' });
  });

  it('is deleted by its owner only, its shares with it, so a spot shared only through it is private again', async () => {
    const circle = await createCircle(a, 'Short-lived');
    const other = await createCircle(a, 'Stays');
    await join(b, circle.id, a);
    const onlyHere = await circleKit(() => t).spotOf(a, [circle.id]);
    const alsoElsewhere = await circleKit(() => t).spotOf(a, [circle.id, other.id]);

    const byMember = await as(b, 'DELETE', `/api/v1/circles/${circle.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.code).toBe('FORBIDDEN');

    const deleted = await as(a, 'DELETE', `/api/v1/circles/${circle.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    for (const who of [a, b]) {
      expect((await as(who, 'GET', `/api/v1/circles/${circle.id}`)).statusCode).toBe(404);
      expect(await circleIds(who)).not.toContain(circle.id);
    }
    const { sharesOf } = circleKit(() => t);
    expect(await sharesOf(onlyHere)).toEqual([]);
    expect(await sharesOf(alsoElsewhere)).toEqual([other.id]);
    const left = await t.query<{ n: number }>(sql`
      select ((select count(*) from circle_members where circle_id = ${circle.id})
            + (select count(*) from circle_invites where circle_id = ${circle.id}))::int as n`);
    expect(left.rows[0]!.n).toBe(0);
    expect((await as(a, 'DELETE', `/api/v1/circles/${circle.id}`)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('are changed by the owner only, between admin and member; the owner’s only by a hand-over', async () => {
    const circle = await createCircle(a, 'Roles');
    await join(b, circle.id, a);
    const d = await person('d');
    await join(d, circle.id, a);

    const promoted = await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${b.id}`, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.headers['cache-control']).toBe('private, no-store');
    expect(promoted.json()).toEqual({ user_id: b.id, name: b.name, role: 'admin' });

    // An admin cannot change roles, not even make someone a member.
    const byAdmin = await as(b, 'PATCH', `/api/v1/circles/${circle.id}/members/${d.id}`, { role: 'admin' });
    expect(byAdmin.statusCode).toBe(403);
    const byMember = await as(d, 'PATCH', `/api/v1/circles/${circle.id}/members/${b.id}`, { role: 'member' });
    expect(byMember.statusCode).toBe(403);

    const ownRole = await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${a.id}`, { role: 'member' });
    expect(ownRole.statusCode).toBe(409);
    expect(ownRole.json().error.code).toBe('OWNER_ROLE');
    const toOwner = await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${b.id}`, { role: 'owner' });
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json().error.code).toBe('VALIDATION_ERROR');
    const notIn = await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${c.id}`, { role: 'admin' });
    expect(notIn.statusCode).toBe(404);

    const demoted = await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${b.id}`, { role: 'member' });
    expect(demoted.json()).toMatchObject({ role: 'member' });
    const members = (await as(d, 'GET', `/api/v1/circles/${circle.id}/members`)).json<{ items: Member[] }>().items;
    expect(members.map((member) => member.role)).toEqual(['owner', 'member', 'member']);
  });

  it('show members each other’s display names and roles, never an e-mail address', async () => {
    const circle = await createCircle(a, 'Names only');
    await join(b, circle.id, a);
    for (const who of [a, b]) {
      const response = await as(who, 'GET', `/api/v1/circles/${circle.id}/members`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).not.toContain('@');
      expect(response.json<{ items: Member[] }>().items).toEqual([
        { user_id: a.id, name: a.name, role: 'owner' },
        { user_id: b.id, name: b.name, role: 'member' },
      ]);
    }
    for (const url of ['/api/v1/circles', `/api/v1/circles/${circle.id}`]) {
      expect((await as(b, 'GET', url)).body).not.toContain('@');
    }
  });
});

describe('input', () => {
  it('refuses bad names, bad ids and mixed patches with 400 VALIDATION_ERROR, never a 500', async () => {
    const circle = await createCircle(a, 'Input');
    const cases: Array<[string, string, object | undefined]> = [
      ['POST', '/api/v1/circles', { name: '' }],
      ['POST', '/api/v1/circles', { name: '   ' }],
      ['POST', '/api/v1/circles', { name: 'x'.repeat(CIRCLE_NAME_MAX + 1) }],
      ['POST', '/api/v1/circles', { name: 'a\u0000b' }],
      ['POST', '/api/v1/circles', { name: 'ok', extra: 1 }],
      ['POST', '/api/v1/circles', {}],
      ['GET', '/api/v1/circles/not-a-uuid', undefined],
      ['GET', '/api/v1/circles/not-a-uuid/members', undefined],
      ['DELETE', '/api/v1/circles/not-a-uuid', undefined],
      ['PATCH', `/api/v1/circles/${circle.id}`, {}],
      ['PATCH', `/api/v1/circles/${circle.id}`, { name: 'New', owner_id: b.id }],
      ['PATCH', `/api/v1/circles/${circle.id}`, { owner_id: '' }],
      ['PATCH', `/api/v1/circles/${circle.id}/members/${b.id}`, { role: 'boss' }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await as(a, method as 'GET', url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await as(a, 'GET', `/api/v1/circles/${circle.id}`)).json().name).toBe('Input');
  });

  it('asks a signed-out visitor to sign in on every route', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/api/v1/circles'],
      ['POST', '/api/v1/circles'],
      ['GET', `/api/v1/circles/${id}`],
      ['PATCH', `/api/v1/circles/${id}`],
      ['DELETE', `/api/v1/circles/${id}`],
      ['GET', `/api/v1/circles/${id}/members`],
      ['PATCH', `/api/v1/circles/${id}/members/someone`],
      ['DELETE', `/api/v1/circles/${id}/members/someone`],
    ] as const) {
      const body =
        method === 'GET' || method === 'DELETE'
          ? undefined
          : url.includes('/members/')
            ? { role: 'admin' }
            : { name: 'x' };
      const response = await as(null, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('the limit of circles a user', () => {
  it(`refuses a ${CIRCLES_PER_USER_MAX + 1}th circle, owned or joined, with 409 CIRCLE_LIMIT`, async () => {
    const busy = await person('busy');
    // All but one made straight in the tables, to spare the suite forty-nine requests.
    await t.query(sql`
      with made as (
        insert into circles (id, name)
        select gen_random_uuid(), 'Circle ' || n from generate_series(1, ${CIRCLES_PER_USER_MAX - 1}) as n
        returning id)
      insert into circle_members (circle_id, user_id, role) select id, ${busy.id}, 'owner' from made`);
    const last = await as(busy, 'POST', '/api/v1/circles', { name: 'The fiftieth' });
    expect(last.statusCode).toBe(201);

    const over = await as(busy, 'POST', '/api/v1/circles', { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toEqual({
      code: 'CIRCLE_LIMIT',
      message: `You can be in at most ${CIRCLES_PER_USER_MAX} circles. Leave one before you create or join another.`,
      request_id: expect.any(String),
    });
    // Joining is refused the same way.
    const elsewhere = await createCircle(a, 'Wants busy');
    const link = await circleKit(() => t).invite(a, elsewhere.id);
    const joining = await as(busy, 'POST', `/api/v1/invites/${link.token}/accept`);
    expect(joining.statusCode).toBe(409);
    expect(joining.json().error.code).toBe('CIRCLE_LIMIT');
    expect((await as(a, 'GET', `/api/v1/circles/${elsewhere.id}`)).json().member_count).toBe(1);

    // Leaving one makes room again.
    const mine = (await as(busy, 'GET', '/api/v1/circles')).json<{ items: Circle[] }>().items;
    expect(mine).toHaveLength(CIRCLES_PER_USER_MAX);
    expect((await as(busy, 'DELETE', `/api/v1/circles/${mine[0]!.id}`)).statusCode).toBe(204);
    expect((await as(busy, 'POST', `/api/v1/invites/${link.token}/accept`)).statusCode).toBe(200);
  });

  it('holds when two circles are created at once', async () => {
    const racer = await person('racer');
    await t.query(sql`
      with made as (
        insert into circles (id, name)
        select gen_random_uuid(), 'Circle ' || n from generate_series(1, ${CIRCLES_PER_USER_MAX - 1}) as n
        returning id)
      insert into circle_members (circle_id, user_id, role) select id, ${racer.id}, 'owner' from made`);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => as(racer, 'POST', '/api/v1/circles', { name: `Race ${n}` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await circleIds(racer)).toHaveLength(CIRCLES_PER_USER_MAX);
  });
});

describe('the OpenAPI document', () => {
  type Operation = {
    tags?: string[];
    summary?: string;
    requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    responses: Record<string, unknown>;
  };

  it('documents every circle route, its body and its answers from the schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const routes: Array<[string, string, string[] | null, string]> = [
      ['/api/v1/circles', 'get', null, '200'],
      ['/api/v1/circles', 'post', ['name'], '201'],
      ['/api/v1/circles/{id}', 'get', null, '200'],
      ['/api/v1/circles/{id}', 'patch', ['name', 'owner_id'], '200'],
      ['/api/v1/circles/{id}', 'delete', null, '204'],
      ['/api/v1/circles/{id}/members', 'get', null, '200'],
      ['/api/v1/circles/{id}/members/{user_id}', 'patch', ['role'], '200'],
      ['/api/v1/circles/{id}/members/{user_id}', 'delete', null, '204'],
      ['/api/v1/circles/{id}/invites', 'post', ['email', 'expires_in_days', 'max_uses'], '201'],
      ['/api/v1/circles/{id}/invites', 'get', null, '200'],
      ['/api/v1/circles/{id}/invites/{invite_id}', 'delete', null, '204'],
      ['/api/v1/invites/{token}', 'get', null, '200'],
      ['/api/v1/invites/{token}/accept', 'post', null, '200'],
    ];
    for (const [path, method, fields, success] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['circles']);
      expect(operation!.summary).toBeTruthy();
      expect(Object.keys(operation!.responses)).toContain(success);
      expect(Object.keys(operation!.responses)).toContain('401');
      if (fields) {
        const schema = operation!.requestBody!.content['application/json']!.schema;
        expect(Object.keys(schema.properties ?? {}).sort(), `${method} ${path}`).toEqual(fields);
      }
    }
  });
});
