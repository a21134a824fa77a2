import type { Actions } from './generated/actions.js';
import type { paths } from './generated/openapi.js';
import type { RequestOptions } from './transport.js';

export type { Actions } from './generated/actions.js';

export type Surface = keyof Actions;
export type ActionName<S extends Surface> = keyof Actions[S] & string;
type Entry<S extends Surface, A extends ActionName<S>> = Actions[S][A] extends { request: unknown; answer: unknown } ? Actions[S][A] : never;

/** The body of an action without its `action` member. */
export type ActionRequest<S extends Surface, A extends ActionName<S>> = Omit<Entry<S, A>['request'], 'action'>;
/** The answer of an action: its `<Surface><Action>Answer` schema once the document declares one, `Record<string, unknown>` until then. */
export type ActionAnswer<S extends Surface, A extends ActionName<S>> = Entry<S, A>['answer'];

/** The body may be left out when the action has no required member. */
export type ActionArgs<S extends Surface, A extends ActionName<S>> =
  Partial<ActionRequest<S, A>> extends ActionRequest<S, A>
    ? [body?: ActionRequest<S, A>, options?: RequestOptions]
    : [body: ActionRequest<S, A>, options?: RequestOptions];

/** One method per action of a surface, named as the action: `client.read.search({query})`. */
export type SurfaceClient<S extends Surface> = { [A in ActionName<S>]: (...args: ActionArgs<S, A>) => Promise<ActionAnswer<S, A>> };

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : Record<string, unknown>;

/** The answer of an upload: the documents created, `pending`, in the order of the files. */
export type UploadAnswer = JsonOf<paths['/api/sift-account/upload']['post']['responses'][200]>;
export type UploadedDocument = UploadAnswer['documents'][number];

/** `get_project_status`'s answer: the documents, what awaits confirmation, the analyses and the balance. */
export type ProjectStatus = ActionAnswer<'account', 'get_project_status'>;
export type DocumentState = ProjectStatus['documents'][number];
export type AnalysisRun = ProjectStatus['analyses'][number];
