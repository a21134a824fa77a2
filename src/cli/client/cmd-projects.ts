import type { Command } from './commands.js';
import { EXIT, result, table, usageError } from './output.js';

const USAGE = `Usage: sift projects [--json]                 the projects the key reaches, the default marked *
       sift projects create <name> [--locale <code>] [--description <text>] [--use] [--json]
       sift projects use <id or name> [--json]   make it the default project (saved in the config file)

A project is named by its P… short id, its UUID or its name. Commands that work on a project
take --project; without it they use SIFT_PROJECT, the default, or the only project there is.`;

export const projects: Command = {
  usage: USAGE,
  options: { locale: { type: 'string' }, description: { type: 'string' }, use: { type: 'boolean' } },
  positionals: true,
  project: false,
  async run({ io, values, positionals, session }) {
    const s = session();
    const [sub, ...rest] = positionals;
    if (sub === 'create') {
      const name = rest.join(' ').trim();
      if (!name) throw usageError('sift projects create needs a name', USAGE);
      const client = await s.accountClient('creating a project');
      const answer = await client.account.create_project({
        name,
        ...(values.locale ? { locale: values.locale as never } : {}),
        ...(values.description ? { description: values.description as string } : {}),
      });
      if (values.use) s.update((c) => ({ ...c, project: answer.project.shortId }));
      result(io, answer, () => `Created project "${answer.project.name}" (${answer.project.shortId})${values.use ? ', now the default' : ''}.`);
      return EXIT.ok;
    }
    if (sub === 'use') {
      if (rest.length !== 1) throw usageError('sift projects use needs one project', USAGE);
      const project = await s.findProject(rest[0]!);
      s.update((c) => ({ ...c, project: project.shortId }));
      result(io, { project }, () => `Default project: "${project.name}" (${project.shortId}).`);
      return EXIT.ok;
    }
    if (sub !== undefined) throw usageError(`unknown subcommand "${sub}"`, USAGE);
    if ((await s.keyKind()) === 'project') {
      const answer = await s.client().read.get_project();
      result(io, { projects: [answer.project] }, () => `${answer.project.id}  ${answer.project.name}  (the project of this project key)`);
      return EXIT.ok;
    }
    const list = await s.listProjects();
    const preferred = s.wantedProject;
    result(io, { projects: list, defaultProject: preferred ?? null }, () =>
      list.length === 0
        ? 'No projects yet: sift projects create <name>'
        : table([
            ['', 'ID', 'ROLE', 'CREATED', 'NAME'],
            ...list.map((p) => [p.shortId === preferred || p.id === preferred ? '*' : ' ', p.shortId, p.role ?? '', (p.createdAt ?? '').slice(0, 10), p.name]),
          ]),
    );
    return EXIT.ok;
  },
};
