/**
 * The widget's strings in its language: English at once, another language once its file has
 * arrived (the entry file starts loading it with the app, so it is usually there first). Until
 * then `ready` is false and the widget renders nothing rather than a flash of English; a file
 * that fails to load leaves the widget in English.
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import { ENGLISH, LOCALES, languageOf, translator } from '../i18n.ts';

/** The strings of the language of `locale`. */
export const StringsModel = createModel((locale: ReadonlySignal<string>) => {
  const language = computed(() => languageOf(locale.value));
  /** Each language's line of strings, once loaded. */
  const lines = signal<Record<string, string>>({ en: ENGLISH });
  const ready = computed(() => !LOCALES[language.value] || language.value in lines.value);
  // English while another language is on its way (read from `lines`: a second mention of
  // ENGLISH had the minifier inline the whole line a second time).
  const t = computed(() => translator(lines.value[language.value] ?? lines.value.en!));

  effect(() => {
    const lang = language.value;
    const load = LOCALES[lang];
    if (!load || lang in lines.peek()) return;
    const keep = (line: string) => (lines.value = { ...lines.value, [lang]: line });
    load().then(
      (m) => keep(m.default),
      () => keep(ENGLISH),
    );
  });

  return { language, ready, t };
});

/** An instance of the strings model. */
export type Strings = InstanceType<typeof StringsModel>;
