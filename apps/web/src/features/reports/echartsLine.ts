import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The part of ECharts the console draws with: line charts on a canvas with a grid, tooltip and legend.
 * Named imports here let the bundler leave every other chart and component out; the module is loaded
 * with the first chart.
 */
use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
