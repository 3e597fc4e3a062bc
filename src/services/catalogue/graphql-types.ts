import {
  GraphQLBoolean, GraphQLEnumType, GraphQLError, GraphQLFloat, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType,
  GraphQLString, type GraphQLFieldConfigMap, type GraphQLOutputType,
} from "graphql";
import { discountedPrice } from "../pricing";
import type { Catalogue, ListedArticle, Program, ProgramDetails, Seminar, Webinar } from "./build";
import {
  articleHref, bachelorHref, practicalTrainingHref, programHref, seminarHref, studyFieldHref,
} from "./links";
import { indexes } from "./queries";
import { derived } from "./repository";
import type { Bachelor, PracticalTraining, Review, StudyField, Teacher } from "./schemas";
import { typeTag } from "./tags";

/** What every resolver sees: the catalogue snapshot of the request and the live ticket counts. */
export interface CatalogueContext {
  catalogue: Catalogue;
  siteUrl: string;
  now: number;
  ticketsLeft: (seminar: Seminar) => Promise<number>;
  /** a program's details, kept in KV apart from the catalogue (decision 013) */
  programDetails: (program: Program) => Promise<ProgramDetails>;
}

/** A mistake in the partner's request (a bad argument): its message is shown as it is. */
export function userError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT" } });
}

const nonNull = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(type);
const listOf = <T extends GraphQLOutputType>(type: T) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));
const string = { type: nonNull(GraphQLString) };
const optionalString = { type: GraphQLString };
const int = { type: nonNull(GraphQLInt) };
const float = { type: nonNull(GraphQLFloat) };
const strings = { type: listOf(GraphQLString) };

const absolute = (context: CatalogueContext, href: string) => new URL(href, context.siteUrl).href;

const related = derived((catalogue: Catalogue) => {
  const programCount = new Map<string, number>();
  const programsByTeacher = new Map<string, Program[]>();
  for (const program of catalogue.programs) {
    if (program.studyFieldSlug) programCount.set(program.studyFieldSlug, (programCount.get(program.studyFieldSlug) ?? 0) + 1);
    for (const id of program.teacherIds) programsByTeacher.set(id, [...(programsByTeacher.get(id) ?? []), program]);
  }
  return { programCount, programsByTeacher };
});

const teachersOf = (ids: readonly string[], context: CatalogueContext): Teacher[] => {
  const byId = indexes(context.catalogue).teacherById;
  return ids.flatMap((id) => byId.get(id) ?? []);
};

export const programTypeEnum = new GraphQLEnumType({
  name: "ProgramType",
  description: "Profession — профессиональная переподготовка, Course — повышение квалификации, ShortTerm — краткосрочные курсы",
  values: { Profession: { value: "Profession" }, Course: { value: "Course" }, ShortTerm: { value: "ShortTerm" } },
});

export const studyFieldType = new GraphQLObjectType<StudyField, CatalogueContext>({
  name: "StudyField",
  description: "Направление обучения",
  fields: {
    slug: string,
    title: string,
    description: string,
    url: { type: nonNull(GraphQLString), resolve: (field, _args, context) => absolute(context, studyFieldHref(field.slug)) },
    programCount: {
      type: nonNull(GraphQLInt),
      description: "Число программ всех типов в направлении",
      resolve: (field, _args, context) => related(context.catalogue).programCount.get(field.slug) ?? 0,
    },
  },
});

const studyFieldOf = (slug: string | undefined, context: CatalogueContext) =>
  slug === undefined ? null : (indexes(context.catalogue).studyField.get(slug) ?? null);

export const teacherType: GraphQLObjectType<Teacher, CatalogueContext> = new GraphQLObjectType<Teacher, CatalogueContext>({
  name: "Teacher",
  description: "Преподаватель института",
  fields: () => ({
    id: string,
    slug: string,
    name: string,
    position: string,
    degree: { type: nonNull(GraphQLString), description: "Учёная степень; пустая строка, если её нет" },
    experienceYears: int,
    bio: string,
    specializations: strings,
    url: { type: nonNull(GraphQLString), resolve: (teacher, _args, context) => absolute(context, `/teachers#${teacher.slug}`) },
    programs: {
      type: listOf(programType),
      description: "Программы, которые ведёт преподаватель",
      resolve: (teacher, _args, context) => related(context.catalogue).programsByTeacher.get(teacher.id) ?? [],
    },
  }),
});

const moduleType = new GraphQLObjectType({
  name: "ProgramModule",
  description: "Модуль учебного плана",
  fields: { title: string, hours: int, topics: strings },
});

export const reviewType: GraphQLObjectType<Review, CatalogueContext> = new GraphQLObjectType<Review, CatalogueContext>({
  name: "Review",
  description: "Отзыв выпускника",
  fields: () => ({
    id: string,
    author: string,
    city: string,
    rating: { type: nonNull(GraphQLInt), description: "От 1 до 5" },
    date: { type: nonNull(GraphQLString), description: "ГГГГ-ММ-ДД" },
    text: string,
    program: {
      type: programType,
      description: "Программа, о которой отзыв, если указана",
      resolve: (review, _args, context) =>
        review.programId ? (indexes(context.catalogue).programById.get(review.programId) ?? null) : null,
    },
  }),
});

export const programType: GraphQLObjectType<Program, CatalogueContext> = new GraphQLObjectType<Program, CatalogueContext>({
  name: "Program",
  description: "Программа обучения: профессиональная переподготовка, повышение квалификации или краткосрочный курс",
  fields: (): GraphQLFieldConfigMap<Program, CatalogueContext> => ({
    id: string,
    slug: { type: nonNull(GraphQLString), description: "Адрес программы; уникален в пределах типа" },
    title: string,
    type: { type: nonNull(programTypeEnum) },
    typeLabel: { type: nonNull(GraphQLString), description: "Например «Проф. переподготовка»", resolve: (p) => typeTag(p.type) },
    studyFieldSlug: optionalString,
    studyField: { type: studyFieldType, resolve: (p, _args, context) => studyFieldOf(p.studyFieldSlug, context) },
    price: { type: nonNull(GraphQLFloat), description: "Полная цена, ₽" },
    discountedPrice: {
      type: nonNull(GraphQLFloat),
      description: "Цена со скидкой сайта, ₽ (округлена до 100 ₽)",
      resolve: (p, _args, context) => discountedPrice(p.price, context.catalogue.site.discount),
    },
    isPopular: { type: nonNull(GraphQLBoolean) },
    indexNumber: { type: GraphQLInt, description: "Порядковый номер в каталоге", resolve: (p) => p.index_number?.idx ?? null },
    description: string,
    duration: { type: nonNull(GraphQLString), description: "Например «6 месяцев»" },
    durationMonths: float,
    hours: { type: nonNull(GraphQLInt), description: "Академических часов" },
    format: string,
    startDate: { type: nonNull(GraphQLString), description: "Ближайший набор, ГГГГ-ММ-ДД" },
    url: { type: nonNull(GraphQLString), resolve: (p, _args, context) => absolute(context, programHref(p)) },
    outcomes: { ...strings, resolve: async (p, _args, context) => (await context.programDetails(p)).outcomes },
    modules: { type: listOf(moduleType), resolve: async (p, _args, context) => (await context.programDetails(p)).modules },
    teachers: { type: listOf(teacherType), resolve: (p, _args, context) => teachersOf(p.teacherIds, context) },
    reviews: {
      type: listOf(reviewType),
      resolve: (p, _args, context) => indexes(context.catalogue).reviewsByProgram.get(p.id) ?? [],
    },
  }),
});

export const programPageType = new GraphQLObjectType<{ total: number; items: Program[] }, CatalogueContext>({
  name: "ProgramPage",
  fields: {
    total: { type: nonNull(GraphQLInt), description: "Сколько программ подходит под фильтр, без учёта first и offset" },
    items: { type: listOf(programType) },
  },
});

export const seminarType = new GraphQLObjectType<Seminar, CatalogueContext>({
  name: "Seminar",
  description: "Семинар лектория",
  fields: {
    id: string,
    slug: string,
    title: string,
    subtitle: string,
    description: string,
    date: { type: nonNull(GraphQLString), description: "Начало, ISO 8601 (UTC)", resolve: (s) => s.targetDate },
    durationHours: float,
    price: { type: nonNull(GraphQLFloat), description: "Цена билета, ₽" },
    format: { type: nonNull(GraphQLString), description: "online или offline" },
    place: string,
    studyField: { type: studyFieldType, resolve: (s, _args, context) => studyFieldOf(s.studyFieldSlug, context) },
    speakers: { type: listOf(teacherType), resolve: (s, _args, context) => teachersOf(s.speakerIds, context) },
    url: { type: nonNull(GraphQLString), resolve: (s, _args, context) => absolute(context, seminarHref(s)) },
    ticketsLeft: {
      type: nonNull(GraphQLInt),
      description: "Сколько билетов осталось сейчас",
      resolve: (s, _args, context) => context.ticketsLeft(s),
    },
  },
});

export const webinarType = new GraphQLObjectType<Webinar, CatalogueContext>({
  name: "Webinar",
  description: "Вебинар: ближайший или запись прошедшего",
  fields: {
    id: string,
    slug: string,
    title: string,
    description: string,
    date: { type: nonNull(GraphQLString), description: "Начало, ISO 8601 (UTC)" },
    durationMinutes: int,
    price: { type: nonNull(GraphQLFloat), description: "0 — бесплатно" },
    isRecording: {
      type: nonNull(GraphQLBoolean),
      description: "true — эфир уже прошёл, доступна запись",
      resolve: (w, _args, context) => Date.parse(w.date) <= context.now,
    },
    speaker: {
      type: teacherType,
      resolve: (w, _args, context) => indexes(context.catalogue).teacherById.get(w.speakerId) ?? null,
    },
    url: { type: nonNull(GraphQLString), resolve: (w, _args, context) => absolute(context, `/webinars#${w.slug}`) },
  },
});

export const articleType = new GraphQLObjectType<ListedArticle, CatalogueContext>({
  name: "Article",
  description: "Статья журнала",
  fields: {
    id: string,
    slug: string,
    title: string,
    excerpt: string,
    publishedAt: { type: nonNull(GraphQLString), description: "ГГГГ-ММ-ДД" },
    tags: strings,
    author: {
      type: teacherType,
      resolve: (a, _args, context) => indexes(context.catalogue).teacherById.get(a.authorId) ?? null,
    },
    url: { type: nonNull(GraphQLString), resolve: (a, _args, context) => absolute(context, articleHref(a.slug)) },
  },
});

export const bachelorType = new GraphQLObjectType<Bachelor, CatalogueContext>({
  name: "Bachelor",
  description: "Программа бакалавриата",
  fields: {
    id: string,
    slug: string,
    title: string,
    description: string,
    duration: string,
    studyForm: string,
    qualification: string,
    price: { type: nonNull(GraphQLFloat), description: "Полная стоимость обучения, ₽", resolve: (b) => b.offlineFullPrice },
    entranceExams: strings,
    outcomes: strings,
    teachers: { type: listOf(teacherType), resolve: (b, _args, context) => teachersOf(b.teacherIds, context) },
    url: { type: nonNull(GraphQLString), resolve: (b, _args, context) => absolute(context, bachelorHref(b)) },
  },
});

export const practicalTrainingType = new GraphQLObjectType<PracticalTraining, CatalogueContext>({
  name: "PracticalTraining",
  description: "Практическая подготовка",
  fields: {
    id: string,
    slug: string,
    title: string,
    description: string,
    duration: string,
    hours: int,
    price: { type: nonNull(GraphQLFloat), description: "₽" },
    format: string,
    outcomes: strings,
    teachers: { type: listOf(teacherType), resolve: (t, _args, context) => teachersOf(t.teacherIds, context) },
    url: { type: nonNull(GraphQLString), resolve: (t, _args, context) => absolute(context, practicalTrainingHref(t)) },
  },
});
