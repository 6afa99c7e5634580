import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Wire shapes as the BFF's routes declare them (lib/api.ts), so client and server cannot drift apart. */
export type Room = InferResponseType<(typeof api.rooms)[':id']['$get']>;
export type RoomType = Room['type'];
export type RoomTypeInfo = InferResponseType<typeof api.rooms.types.$get>['types'][number];
export type Subscription = NonNullable<Room['subscription']>;
export type RoomBody = InferRequestType<typeof api.rooms.$post>['json'];

const room = (id: string) => ({ param: { id: seg(id) } });

export const roomsApi = {
  types: () => body(api.rooms.types.$get()).then((r) => r.types),
  list: () => body(api.rooms.$get()).then((r) => r.rooms),
  create: (json: RoomBody) => body(api.rooms.$post({ json })),
  update: (id: string, json: InferRequestType<(typeof api.rooms)[':id']['$put']>['json']) =>
    body(api.rooms[':id'].$put({ ...room(id), json })),
  remove: (id: string) => body(api.rooms[':id'].$delete(room(id))),
  assign: (id: string, userId: string) => body(api.rooms[':id'].assign.$put({ ...room(id), json: { userId } })),
  unassign: (id: string) => body(api.rooms[':id'].assign.$delete(room(id))),
};
