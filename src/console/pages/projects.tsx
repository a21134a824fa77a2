import { useState } from 'preact/hooks';
import { call, newIdempotencyKey } from '../api.js';
import type { ProjectSummary } from '../types.js';
import { href, navigate } from '../router.js';
import { forgetProjects, memberProjects } from '../projects-cache.js';
import { Empty, ErrorNote, Field, Loading, PageTitle, Select, useAsync, useSubmit, when } from '../ui.js';

const LOCALES = [
  ['en', 'English'],
  ['de', 'German'],
  ['fr', 'French'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['da', 'Danish'],
  ['sv', 'Swedish'],
  ['no', 'Norwegian'],
  ['fi', 'Finnish'],
  ['lt', 'Lithuanian'],
  ['ar', 'Arabic'],
  ['he', 'Hebrew'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['zh-CN', 'Chinese (simplified)'],
  ['zh-TW', 'Chinese (traditional)'],
] as const;

type Locale = (typeof LOCALES)[number][0];

export function ProjectsPage() {
  const projects = useAsync(() => memberProjects(true), []);
  const list = projects.data ?? [];
  return (
    <div class="page">
      <PageTitle>Projects</PageTitle>
      <div class="columns">
        <section aria-labelledby="your-projects" class="grow">
          <h2 id="your-projects">Your projects</h2>
          {projects.loading && !projects.data && <Loading />}
          <ErrorNote error={projects.error} onRetry={projects.reload} />
          {projects.data && list.length === 0 && (
            <Empty title="You have no projects yet.">Create one with the form on this page: give it a name, then upload documents into it.</Empty>
          )}
          {list.length > 0 && (
            <ul class="project-list">
              {list.map((p) => (
                <li key={p.id}>
                  <a class="project-link" href={href(['p', p.shortId, 'documents'])}>
                    <span class="project-name">{p.name}</span>
                    <span class="muted">
                      {p.shortId} · your role: {p.role} · created {when(p.createdAt)}
                    </span>
                    {p.description && <span class="project-description">{p.description}</span>}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <CreateProject />
      </div>
    </div>
  );
}

function CreateProject() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [locale, setLocale] = useState<Locale>('en');
  const { busy, error, submit } = useSubmit(async () => {
    const { project } = await call<{ project: ProjectSummary }, 'account', 'create_project'>(
      'account',
      'create_project',
      { name: name.trim(), locale, ...(description.trim() ? { description: description.trim() } : {}) },
      { idempotencyKey: newIdempotencyKey() },
    );
    forgetProjects();
    navigate(href(['p', project.shortId, 'documents']));
  });
  return (
    <section aria-labelledby="new-project" class="side card">
      <h2 id="new-project">New project</h2>
      <form onSubmit={submit}>
        <Field label="Name" name="name" required maxLength={255} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <Field label="Description (optional)" name="description" maxLength={2000} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        <Select label="Language of the documents" options={LOCALES} value={locale} onChange={(e) => setLocale(e.currentTarget.value as Locale)} />
        <ErrorNote error={error} />
        <button type="submit" disabled={busy || !name.trim()}>
          {busy ? 'Creating…' : 'Create project'}
        </button>
      </form>
    </section>
  );
}
