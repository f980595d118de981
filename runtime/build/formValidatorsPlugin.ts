import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';

/**
 * Vite plugin: precompiles the validators of the generated forms at build time, served as the
 * module `virtual:form-validators` (`formValidatorFunctions[formName]`). The portal's CSP has no
 * 'unsafe-eval', and ajv otherwise compiles schemas with `new Function` in the browser.
 */
export const FORM_VALIDATORS_MODULE = 'virtual:form-validators';
const RESOLVED_ID = `\0${FORM_VALIDATORS_MODULE}`;

export function formValidatorsPlugin(forms: Readonly<Record<string, { schema: unknown }>>): Plugin {
  return {
    name: 'hub-form-validators',
    resolveId: (id) => (id === FORM_VALIDATORS_MODULE ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? formValidatorsModule(forms) : undefined),
  };
}

/** The ES module source holding every form's validator functions, keyed as rjsf looks them up. */
export function formValidatorsModule(forms: Readonly<Record<string, { schema: unknown }>>): string {
  const parts: string[] = [];
  const entries: string[] = [];
  Object.entries(forms).forEach(([formName, form], formIndex) => {
    // rjsf keys each (sub)schema by its hash; ajv needs identifier export names, so map them.
    const schemas = schemaParser(structuredClone(form.schema) as RJSFSchema);
    const exportNames = Object.keys(schemas).map((_key, index) => `form${formIndex}_validate${index}`);
    const ajv = createAjvInstance(undefined, undefined, {
      code: { lines: true, source: true, esm: true },
      schemas: Object.values(schemas),
    });
    const mapping = Object.fromEntries(Object.keys(schemas).map((key, index) => [exportNames[index], key]));
    parts.push(`const form${formIndex} = (() => {\n${asFunctionBody(standaloneCode(ajv, mapping))}\n})();`);
    entries.push(
      `${JSON.stringify(formName)}: {${Object.keys(schemas)
        .map((key, index) => `${JSON.stringify(key)}: form${formIndex}.${exportNames[index]}`)
        .join(', ')}}`,
    );
  });
  const { imports, code } = hoistRequires(parts.join('\n'));
  return `${imports}\n${code}\nexport const formValidatorFunctions = {${entries.join(', ')}};\n`;
}

/** ajv's standalone ESM still `require`s its runtime helpers; turn those into imports. */
function hoistRequires(code: string): { imports: string; code: string } {
  const modules = [...new Set([...code.matchAll(/require\("([^"]+)"\)/gu)].map((match) => match[1] ?? ''))];
  // A CommonJS helper seen through `import * as`: bundlers put its exports on the namespace, Node
  // puts the whole module.exports on `default`; take whichever object carries `__esModule`.
  const imports = [
    'const fromCommonJs = (namespace) => (namespace.default && namespace.default.__esModule ? namespace.default : namespace);',
    ...modules.map(
      (module, index) =>
        `import * as requiredNamespace${index} from ${JSON.stringify(module)};\nconst required${index} = fromCommonJs(requiredNamespace${index});`,
    ),
  ].join('\n');
  const rewritten = code.replace(/require\("([^"]+)"\)/gu, (_whole, module: string) => `required${modules.indexOf(module)}`);
  return { imports, code: rewritten };
}

/** One form's module body wrapped so its `export const` lines become a returned object. */
function asFunctionBody(moduleCode: string): string {
  const exported: string[] = [];
  const body = moduleCode.replace(/^export const (\w+) = /gmu, (_whole, name: string) => {
    exported.push(name);
    return `const ${name} = `;
  });
  return `${body.replace(/^"use strict";/u, '')}\nreturn { ${exported.join(', ')} };`;
}
