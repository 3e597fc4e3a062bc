import type { Block } from "../../services/catalogue/institute-schemas";

/** Text blocks of the institute pages and documents. */
export function TextBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.type) {
          case "h2":
            return <h2 key={index}>{block.text}</h2>;
          case "ul":
            return (
              <ul key={index}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case "table":
            return (
              <table key={index} className="info-table">
                <tbody>
                  {block.rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      <td>{row.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          default:
            return <p key={index}>{block.text}</p>;
        }
      })}
    </>
  );
}
