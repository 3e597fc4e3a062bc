import type { BachelorAdmission as Admission } from "../../services/catalogue/admission";
import type { Bachelor } from "../../services/catalogue/schemas";

/**
 * What an applicant to a bachelor's program looks for first (issue 42): when documents are taken,
 * when classes start, the entrance exams, the lowest score taken by subject, and what the study
 * form means here. The dates and scores are site.json's (`bachelorAdmission`), the ones /incomers
 * says (decision 056); the page's «Узнать требования к поступлению» leads here.
 */
export function BachelorAdmission({ bachelor, admission }: { bachelor: Bachelor; admission: Admission | undefined }) {
  return (
    <div className="admission">
      {admission ? (
        <dl className="facts admission__dates">
          <div>
            <dt>Приём документов</dt>
            <dd data-fact="bachelor-documents">{admission.documents}</dd>
          </div>
          <div>
            <dt>Начало занятий</dt>
            <dd data-fact="bachelor-classes">{admission.classesStart}</dd>
          </div>
        </dl>
      ) : null}
      <h3 className="admission__heading">Форма обучения</h3>
      <p>
        <strong>{bachelor.studyForm}.</strong> {bachelor.studyFormNote}
      </p>
      <h3 className="admission__heading">Вступительные испытания</h3>
      <ul className="check-list">
        {bachelor.entranceExams.map((exam) => (
          <li key={exam}>{exam}</li>
        ))}
      </ul>
      {admission ? (
        <table className="info-table admission__scores">
          <caption>Минимальные баллы ЕГЭ, {admission.campaign}</caption>
          <thead>
            <tr>
              <th scope="col">Предмет</th>
              <th scope="col">Балл не ниже</th>
            </tr>
          </thead>
          <tbody>
            {admission.minimumScores.map(({ subject, score }) => (
              <tr key={subject}>
                <th scope="row">{subject}</th>
                <td>{score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="admission__more">
        Документы, сроки испытаний и зачисления — на странице <a href="/incomers">«Поступающим»</a>.
      </p>
    </div>
  );
}
