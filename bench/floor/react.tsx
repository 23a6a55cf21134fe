import { createRoot } from "react-dom/client";
import { MENU_GROUPS, MENU_ITEMS_PER_GROUP, ROWS } from "./shared";

/** The same menu and rows as plain elements: React alone, no component library. */
const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <div style={{ display: "flex", fontFamily: "sans-serif" }}>
      <nav style={{ width: 220 }}>
        {Array.from({ length: MENU_GROUPS * MENU_ITEMS_PER_GROUP }, (_, i) => (
          <div key={i}>Item {i}</div>
        ))}
      </nav>
      <table>
        <tbody>
          {ROWS.map((r) => (
            <tr className="ant-table-row" key={r.key}>
              <td>{r.name}</td>
              <td>{r.kind}</td>
              <td>{r.size}</td>
              <td>{r.state}</td>
              <td>{r.by}</td>
              <td>{r.at}</td>
              <td>
                <button type="button">Edit</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>,
  );
