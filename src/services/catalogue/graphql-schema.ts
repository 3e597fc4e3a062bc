import {
  execute, type ExecutionResult, type FieldNode, type FragmentDefinitionNode, getNamedType, getNullableType,
  type GraphQLCompositeType, GraphQLEnumType, GraphQLError, type GraphQLField, GraphQLInt, GraphQLList,
  GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, isCompositeType, isListType, isObjectType,
  Kind, type OperationDefinitionNode, parse, SchemaMetaFieldDef, type SelectionSetNode, specifiedRules,
  TypeMetaFieldDef, type ValidationContext, type ValidationRule, validate,
} from "graphql";
import { log } from "../log";
import type { Catalogue, Program, Seminar } from "./build";
import {
  articleType, bachelorType, type CatalogueContext, practicalTrainingType, programPageType, programType, programTypeEnum,
  reviewType, seminarType, studyFieldType, teacherType, userError, webinarType,
} from "./graphql-types";
import { ListingError, parseTypeFilter } from "./listing";
import { upcomingSeminars } from "./queries";
import { derived } from "./repository";
import type { ProgramType } from "./schemas";
import { type SortDirection, type SortField, sortPrograms } from "./sort";

const MAX_DEPTH = 6;
const MAX_COST = 2000;
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;
/** What a list without a `first` argument is assumed to hold when a query is priced. */
const ASSUMED_LIST_SIZE = 20;
/** A document longer than this is refused by the parser before any work is done on it. */
const MAX_TOKENS = 5000;
/** The most error objects one answer carries, the last saying the rest were left out. */
export const MAX_ERRORS = 20;

const listOf = <T extends GraphQLObjectType>(type: T) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));

const sortEnum = new GraphQLEnumType({
  name: "ProgramSort",
  values: {
    DEFAULT: { value: "default", description: "Сначала популярные, затем по порядковому номеру; без номера — в конце" },
    PRICE: { value: "price", description: "По цене; direction задаёт порядок" },
    IDX: { value: "idx", description: "По порядковому номеру, всегда по возрастанию; без номера — в конце" },
  },
});

const directionEnum = new GraphQLEnumType({
  name: "SortDirection",
  values: { ASC: { value: "asc" }, DESC: { value: "desc" } },
});

interface ProgramsArgs {
  type?: string | null;
  studyField?: string | null;
  sort: SortField;
  direction: SortDirection;
  first: number;
  offset: number;
}

/** Filtered and sorted lists per content version: paging through them costs a slice. */
const sortedLists = derived((_catalogue: Catalogue) => new Map<string, Program[]>());

function listPrograms(catalogue: Catalogue, args: ProgramsArgs) {
  if (args.first < 0 || args.first > MAX_PAGE_SIZE) throw userError(`Аргумент first должен быть от 0 до ${MAX_PAGE_SIZE}`);
  if (args.offset < 0) throw userError("Аргумент offset не может быть отрицательным");
  let type: ProgramType | undefined;
  try {
    type = args.type == null ? undefined : parseTypeFilter(args.type);
  } catch (error) {
    if (error instanceof ListingError) throw userError(error.message);
    throw error;
  }
  const field = args.studyField ?? undefined;
  if (field !== undefined && !catalogue.studyFields.some((f) => f.slug === field)) {
    throw userError(`Неизвестное направление «${field}»: список направлений отдаёт запрос studyFields`);
  }
  const key = [type, field, args.sort, args.direction].join("|");
  const lists = sortedLists(catalogue);
  let sorted = lists.get(key);
  if (!sorted) {
    const filtered = catalogue.programs.filter(
      (p) => (type === undefined || p.type === type) && (field === undefined || p.studyFieldSlug === field),
    );
    sorted = sortPrograms(filtered, args.sort, args.direction);
    lists.set(key, sorted);
  }
  return { total: sorted.length, items: sorted.slice(args.offset, args.offset + args.first) };
}

function findProgram(catalogue: Catalogue, slug: string, type: ProgramType | null | undefined): Program | null {
  const found = catalogue.programs.filter((p) => p.slug === slug && (type == null || p.type === type));
  if (found.length > 1) throw userError(`Программ с адресом «${slug}» несколько: укажите аргумент type`);
  return found[0] ?? null;
}

const queryType = new GraphQLObjectType<unknown, CatalogueContext>({
  name: "Query",
  fields: {
    programs: {
      type: new GraphQLNonNull(programPageType),
      description: "Программы обучения с фильтрами, сортировкой и постраничным выводом",
      args: {
        type: { type: GraphQLString, description: "course или profession, в любом регистре" },
        studyField: { type: GraphQLString, description: "slug направления" },
        sort: { type: new GraphQLNonNull(sortEnum), defaultValue: "default" },
        direction: { type: new GraphQLNonNull(directionEnum), defaultValue: "asc" },
        first: { type: new GraphQLNonNull(GraphQLInt), defaultValue: DEFAULT_PAGE_SIZE, description: `Не больше ${MAX_PAGE_SIZE}` },
        offset: { type: new GraphQLNonNull(GraphQLInt), defaultValue: 0 },
      },
      resolve: (_root, args: ProgramsArgs, context) => listPrograms(context.catalogue, args),
    },
    program: {
      type: programType,
      description: "Одна программа по slug; null, если такой нет",
      args: { slug: { type: new GraphQLNonNull(GraphQLString) }, type: { type: programTypeEnum } },
      resolve: (_root, args: { slug: string; type?: ProgramType | null }, context) =>
        findProgram(context.catalogue, args.slug, args.type),
    },
    studyFields: { type: listOf(studyFieldType), resolve: (_root, _args, context) => context.catalogue.studyFields },
    seminars: {
      type: listOf(seminarType),
      description: "Предстоящие семинары, ближайшие первыми",
      resolve: (_root, _args, context) => upcomingSeminars(context.catalogue, context.now),
    },
    teachers: {
      type: listOf(teacherType),
      resolve: (_root, _args, context) => sortPrograms(context.catalogue.teachers, "idx"),
    },
    reviews: { type: listOf(reviewType), resolve: (_root, _args, context) => context.catalogue.reviews },
    webinars: {
      type: listOf(webinarType),
      description: "Сначала ближайшие вебинары, затем записи — от новых к старым",
      resolve: (_root, _args, { catalogue, now }) => [
        ...catalogue.webinars.filter((w) => Date.parse(w.date) > now).sort((a, b) => a.date.localeCompare(b.date)),
        ...catalogue.webinars.filter((w) => Date.parse(w.date) <= now).sort((a, b) => b.date.localeCompare(a.date)),
      ],
    },
    journal: {
      type: listOf(articleType),
      description: "Статьи журнала, новые первыми",
      resolve: (_root, _args, context) => [...context.catalogue.journal].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)),
    },
    bachelors: { type: listOf(bachelorType), resolve: (_root, _args, context) => context.catalogue.bachelors },
    practicalTrainings: { type: listOf(practicalTrainingType), resolve: (_root, _args, context) => context.catalogue.practicalTrainings },
  },
});

const catalogueSchema = new GraphQLSchema({ query: queryType });

type Variables = Record<string, unknown> | undefined;

/** Refuses mutations and subscriptions by name, rather than with graphql-js's generic message. */
const queriesOnlyRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation === "query") return;
    context.reportError(
      new GraphQLError(`Операция ${node.operation} не поддерживается: API каталога только для чтения, разрешены только запросы (query)`, {
        nodes: [node],
        extensions: { code: "OPERATION_NOT_ALLOWED" },
      }),
    );
  },
});

function fragmentOf(context: ValidationContext, name: string): FragmentDefinitionNode | undefined {
  return context.getFragment(name) ?? undefined;
}

/** Depth of nested fields, fragments inlined; `__typename` adds nothing. */
function depthRule(maxDepth: number): ValidationRule {
  return (context) => {
    // a fragment's depth is the same wherever it is spread: computed once, so reuse stays linear
    const fragmentDepth = new Map<string, number>();
    const depthOf = (set: SelectionSetNode, visiting: Set<string>): number => {
      let max = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value === "__typename") continue;
          max = Math.max(max, 1 + (selection.selectionSet ? depthOf(selection.selectionSet, visiting) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          max = Math.max(max, depthOf(selection.selectionSet, visiting));
        } else {
          const name = selection.name.value;
          const fragment = fragmentOf(context, name);
          if (!fragment || visiting.has(name)) continue;
          let depth = fragmentDepth.get(name);
          if (depth === undefined) {
            depth = depthOf(fragment.selectionSet, new Set([...visiting, name]));
            fragmentDepth.set(name, depth);
          }
          max = Math.max(max, depth);
        }
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth <= maxDepth) return;
        context.reportError(
          new GraphQLError(`Запрос слишком глубокий: вложенность ${depth}, допустимо не больше ${maxDepth}`, {
            nodes: [node],
            extensions: { code: "QUERY_TOO_DEEP", depth, maxDepth },
          }),
        );
      },
    };
  };
}

function fieldDefinition(schema: GraphQLSchema, parent: GraphQLCompositeType | undefined, name: string) {
  if (name === SchemaMetaFieldDef.name && parent === schema.getQueryType()) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name && parent === schema.getQueryType()) return TypeMetaFieldDef;
  return parent && isObjectType(parent) ? parent.getFields()[name] : undefined;
}

/** The `first` a field is asked for: literal, variable (or its default), or the argument's default. */
function firstOf(field: FieldNode, definition: GraphQLField<unknown, unknown> | undefined, operation: OperationDefinitionNode, variables: Variables) {
  const value = field.arguments?.find((a) => a.name.value === "first")?.value;
  if (value?.kind === Kind.INT) return Number(value.value);
  if (value?.kind === Kind.VARIABLE) {
    const given = variables?.[value.name.value];
    if (typeof given === "number") return given;
    const fallback = operation.variableDefinitions?.find((d) => d.variable.name.value === value.name.value)?.defaultValue;
    if (fallback?.kind === Kind.INT) return Number(fallback.value);
  }
  const byDefault = definition?.args.find((a) => a.name === "first")?.defaultValue;
  return typeof byDefault === "number" ? byDefault : undefined;
}

/**
 * Each field costs 1; a list multiplies its children's cost by the `first` it is asked for, or
 * by 20. A page (`programs`) takes `first` and hands it to its `items` list.
 */
function costRule(maxCost: number, variables: Variables): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    let operation: OperationDefinitionNode;
    let fragmentCost = new Map<string, number>();

    const costOf = (set: SelectionSetNode, parent: GraphQLCompositeType | undefined, pageSize: number | undefined, visiting: Set<string>): number => {
      let sum = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          sum += fieldCost(selection, parent, pageSize, visiting);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
          sum += costOf(selection.selectionSet, type && isCompositeType(type) ? type : undefined, pageSize, visiting);
        } else {
          const name = selection.name.value;
          const fragment = fragmentOf(context, name);
          if (!fragment || visiting.has(name)) continue;
          const key = `${name}|${pageSize}`;
          let cost = fragmentCost.get(key);
          if (cost === undefined) {
            const type = schema.getType(fragment.typeCondition.name.value);
            cost = costOf(fragment.selectionSet, type && isCompositeType(type) ? type : undefined, pageSize, new Set([...visiting, name]));
            fragmentCost.set(key, cost);
          }
          sum += cost;
        }
      }
      return sum;
    };

    const fieldCost = (field: FieldNode, parent: GraphQLCompositeType | undefined, pageSize: number | undefined, visiting: Set<string>) => {
      if (field.name.value === "__typename") return 0;
      if (!field.selectionSet) return 1;
      const definition = fieldDefinition(schema, parent, field.name.value);
      const first = firstOf(field, definition, operation, variables);
      const named = definition ? getNamedType(definition.type) : undefined;
      const child = named && isCompositeType(named) ? named : undefined;
      if (definition && isListType(getNullableType(definition.type))) {
        const size = Math.max(0, first ?? pageSize ?? ASSUMED_LIST_SIZE);
        return 1 + size * costOf(field.selectionSet, child, undefined, visiting);
      }
      return 1 + costOf(field.selectionSet, child, first, visiting);
    };

    return {
      OperationDefinition(node) {
        operation = node;
        fragmentCost = new Map();
        const root = schema.getRootType(node.operation) ?? undefined;
        const cost = costOf(node.selectionSet, root, undefined, new Set());
        if (cost <= maxCost) return;
        context.reportError(
          new GraphQLError(
            `Запрос слишком дорогой: оценка ${cost}, допустимо не больше ${maxCost}. Уменьшите first или число вложенных списков`,
            { nodes: [node], extensions: { code: "QUERY_TOO_COSTLY", cost, maxCost } },
          ),
        );
      },
    };
  };
}

export interface CatalogueQuery {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  catalogue: Catalogue;
  siteUrl: string;
  ticketsLeft: (seminar: Seminar) => Promise<number>;
  programDetails: CatalogueContext["programDetails"];
  now?: number;
}

/** Every error carries `extensions.code` (docs/graphql.md): one graphql-js wrote without one gets `code`. */
function coded(error: GraphQLError, code: string): GraphQLError {
  if (typeof error.extensions.code === "string") return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

/**
 * A failure of ours (not the partner's request) is logged and answered without its details; what
 * graphql-js itself reports while running (a null where the schema promises a value) is ours too.
 */
function maskInternal(error: GraphQLError): GraphQLError {
  const original = error.originalError;
  if (!original || original instanceof GraphQLError) return coded(error, "INTERNAL_SERVER_ERROR");
  log.error("graphql.resolver", { path: error.path?.join("."), error: original.stack ?? String(original) });
  return new GraphQLError("Внутренняя ошибка сервера: попробуйте повторить запрос позже", {
    nodes: error.nodes,
    path: error.path,
    extensions: { code: "INTERNAL_SERVER_ERROR" },
  });
}

/** At most MAX_ERRORS errors: a query repeating one mistake a thousand times gets a short answer. */
function capped(errors: readonly GraphQLError[]): GraphQLError[] {
  if (errors.length <= MAX_ERRORS) return [...errors];
  return [
    ...errors.slice(0, MAX_ERRORS - 1),
    new GraphQLError(`Слишком много ошибок: показаны первые ${MAX_ERRORS - 1}, исправьте их и повторите запрос`, {
      extensions: { code: "TOO_MANY_ERRORS" },
    }),
  ];
}

/**
 * Parses, validates (standard rules, depth, cost, queries only) and runs a query. A result
 * without `data` means the request itself was refused (syntax, validation, unknown operation).
 */
export async function executeCatalogueQuery(request: CatalogueQuery): Promise<ExecutionResult> {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(request.query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return {
      errors: [
        new GraphQLError(`Ошибка синтаксиса запроса: ${error.message}`, {
          source: error.source,
          positions: error.positions,
          extensions: { code: "GRAPHQL_PARSE_FAILED" },
        }),
      ],
    };
  }
  const variables = request.variables ?? undefined;
  const rules = [...specifiedRules, queriesOnlyRule, depthRule(MAX_DEPTH), costRule(MAX_COST, variables)];
  // validation stops soon after the cap: its own last error is replaced by ours
  const errors = validate(catalogueSchema, document, rules, { maxErrors: MAX_ERRORS });
  if (errors.length > 0) return { errors: capped(errors.map((error) => coded(error, "GRAPHQL_VALIDATION_FAILED"))) };
  const contextValue: CatalogueContext = {
    catalogue: request.catalogue,
    siteUrl: request.siteUrl,
    now: request.now ?? Date.now(),
    ticketsLeft: request.ticketsLeft,
    programDetails: request.programDetails,
  };
  const result = await execute({
    schema: catalogueSchema,
    document,
    variableValues: variables,
    operationName: request.operationName ?? undefined,
    contextValue,
  });
  if (!result.errors) return result;
  // without data the request was refused before running: its variables or its operation's name
  if (!("data" in result)) return { errors: capped(result.errors.map((error) => coded(error, "BAD_USER_INPUT"))) };
  return { ...result, errors: capped(result.errors.map(maskInternal)) };
}
